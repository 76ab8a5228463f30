import { describe, expect, it } from 'vitest';
import { loginPathWithReturnUrl, returnUrlFromSearch, safeReturnUrl } from './return-url';

describe('returnUrl', () => {
  it('builds the login address with the encoded path and query', () => {
    expect(loginPathWithReturnUrl('/cart?step=2')).toBe('/login?returnUrl=%2Fcart%3Fstep%3D2');
  });

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
