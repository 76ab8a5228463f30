import { describe, expect, it } from 'vitest';
import { loginPathWithReturnUrl } from './return-url';

describe('returnUrl', () => {
  it('builds the login address with the encoded path and query', () => {
    expect(loginPathWithReturnUrl('/cart?step=2')).toBe('/login?returnUrl=%2Fcart%3Fstep%3D2');
  });
});
