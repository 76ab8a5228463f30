import { describe, expect, it } from 'vitest';
import {
  paths,
  PICTURE_PAGE_PATH,
  routePatterns,
  signedInOnlyPaths,
  signedOutOnlyPaths,
  staticPaths,
} from './routes.js';

// docs/product/screens.md#routes, spelt exactly.
const OPEN = [
  '/',
  '/gallery',
  '/create',
  '/gift-card',
  '/contact',
  '/privacy-policy',
  '/terms-and-conditions',
  '/wallet',
  '/error',
];
const SIGNED_OUT_ONLY = ['/login', '/sign-up', '/forgot-password', '/reset-password'];
const SIGNED_IN_ONLY = [
  '/account-settings',
  '/artworks',
  '/billing-information',
  '/cart',
  '/order-history',
];

describe('paths', () => {
  it('spells every fixed route of section 2 exactly', () => {
    expect(paths).toMatchObject({
      home: '/',
      gallery: '/gallery',
      create: '/create',
      giftCard: '/gift-card',
      contact: '/contact',
      privacyPolicy: '/privacy-policy',
      termsAndConditions: '/terms-and-conditions',
      wallet: '/wallet',
      error: '/error',
      login: '/login',
      signUp: '/sign-up',
      forgotPassword: '/forgot-password',
      resetPassword: '/reset-password',
      accountSettings: '/account-settings',
      artworks: '/artworks',
      billingInformation: '/billing-information',
      cart: '/cart',
      orderHistory: '/order-history',
      notLoggedIn: '/not-logged-in',
      paymentResult: '/payment-result',
    });
  });

  it('builds a gallery category link', () => {
    expect(paths.galleryCategory('Nature')).toBe('/gallery/Nature');
    expect(paths.galleryCategory('Pop Art/2')).toBe('/gallery/Pop%20Art%2F2');
  });

  it('builds a picture link', () => {
    expect(paths.picture('red-fox')).toBe('/gallery/picture/red-fox');
    expect(paths.picture('a b?c')).toBe('/gallery/picture/a%20b%3Fc');
  });
});

describe('routePatterns', () => {
  it('declares the parameterised routes of section 2', () => {
    expect(routePatterns).toEqual({
      galleryCategory: '/gallery/:categoryName',
      picture: '/gallery/picture/:urlName',
    });
  });

  it('PICTURE_PAGE_PATH matches what paths.picture builds and gives the encoded name', () => {
    expect(PICTURE_PAGE_PATH.exec(paths.picture('neon city'))?.[1]).toBe('neon%20city');
    expect(PICTURE_PAGE_PATH.exec(`${paths.picture('neon-city')}/`)?.[1]).toBe('neon-city');
    for (const other of [
      '/gallery/picture',
      '/gallery/picture/',
      '/gallery/picture/a/b',
      '/gallery/a',
    ]) {
      expect(PICTURE_PAGE_PATH.test(other)).toBe(false);
    }
  });
});

describe('guards (docs/product/screens.md#guards)', () => {
  it('lists the signed-in-only routes', () => {
    expect([...signedInOnlyPaths]).toEqual(SIGNED_IN_ONLY);
  });

  it('lists the signed-out-only routes', () => {
    expect([...signedOutOnlyPaths]).toEqual(SIGNED_OUT_ONLY);
  });

  it('never puts a route in both lists, nor an open route in either', () => {
    const guarded = new Set<string>([...signedInOnlyPaths, ...signedOutOnlyPaths]);
    expect(guarded.size).toBe(SIGNED_IN_ONLY.length + SIGNED_OUT_ONLY.length);
    for (const open of [...OPEN, paths.notLoggedIn]) expect(guarded.has(open)).toBe(false);
  });
});

describe('staticPaths', () => {
  it('holds every fixed route of section 2 once', () => {
    const expected = [
      ...OPEN,
      ...SIGNED_OUT_ONLY,
      ...SIGNED_IN_ONLY,
      '/not-logged-in',
      '/payment-result',
      // Not in the spec: the mailed link that verifies an email address.
      '/verify-email',
      // Not in the spec: the link mailed to the old address that undoes an email change.
      '/undo-email-change',
      // Not in the spec: each licence's own page.
      '/personal-licence',
      '/commercial-licence',
    ];
    expect([...staticPaths].sort()).toEqual([...expected].sort());
    expect(new Set(staticPaths).size).toBe(staticPaths.length);
  });

  it('holds only absolute, lower-case, kebab-case paths', () => {
    for (const path of staticPaths) expect(path).toMatch(/^\/([a-z]+(-[a-z]+)*)?$/);
  });
});
