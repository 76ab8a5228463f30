import { describe, expect, it } from 'vitest';
import { returnUrlFromSearch, safeReturnUrl } from './safe-return-url';

describe('safeReturnUrl', () => {
  it('accepts same-origin relative paths with their query and hash', () => {
    expect(safeReturnUrl('/order-history')).toBe('/order-history');
    expect(safeReturnUrl('/gallery/picture/blue-sky?size=large#buy')).toBe(
      '/gallery/picture/blue-sky?size=large#buy',
    );
    expect(returnUrlFromSearch('?returnUrl=%2Fcart%3Fstep%3D2')).toBe('/cart?step=2');
  });

  it.each([
    null,
    '',
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
    'cart',
  ])('falls back to the home page for %j (no open redirect)', (value) => {
    expect(safeReturnUrl(value)).toBe('/');
  });

  it('does not return to a signed-out-only page such as log in', () => {
    expect(safeReturnUrl('/login?returnUrl=%2Fcart')).toBe('/');
    expect(safeReturnUrl('/sign-up')).toBe('/');
  });
});
