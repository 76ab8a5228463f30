import { describe, expect, it } from 'vitest';
import {
  BUILDS_LATEST_PATH,
  buildMetaPath,
  GIFT_CARD_OFFER_ATTRIBUTE_ID,
  GIFT_CARD_OFFER_ID,
  LOCALE_COOKIE,
  REFRESH_TRIGGER_STATUSES,
  RELEASE_POLL_INTERVAL_MS,
  RELEASE_RELOAD_GUARD_MS,
  RELEASE_RELOAD_MARKER_KEY,
  STORAGE_KEYS,
} from './constants.js';

describe('storage keys (docs/product/browser.md#storage-keys)', () => {
  it('are spelt exactly', () => {
    expect(STORAGE_KEYS).toEqual({
      jwtToken: 'jwtToken',
      refreshToken: 'refreshToken',
      currency: 'currency',
      cart: 'cart',
      giftCard: 'gift-card',
    });
  });

  it('are distinct, and distinct from the release reload marker', () => {
    const keys = [...Object.values(STORAGE_KEYS), RELEASE_RELOAD_MARKER_KEY];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('gift card ids (docs/product/browser.md#cart-and-gift-card)', () => {
  it('are fixed at -1', () => {
    expect(GIFT_CARD_OFFER_ID).toBe(-1);
    expect(GIFT_CARD_OFFER_ATTRIBUTE_ID).toBe(-1);
  });
});

describe('locale cookie (docs/product/screens.md#languages)', () => {
  it('lasts 365 days on path / with same-site lax', () => {
    expect(LOCALE_COOKIE.maxAgeDays).toBe(365);
    expect(LOCALE_COOKIE.path).toBe('/');
    expect(LOCALE_COOKIE.sameSite).toBe('lax');
  });

  it('has a name', () => {
    expect(LOCALE_COOKIE.name).toBe('i18next');
  });
});

describe('release detection (docs/product/browser.md#release-detection)', () => {
  it('guards reloads for 10 seconds', () => {
    expect(RELEASE_RELOAD_GUARD_MS).toBe(10_000);
  });

  it('polls every five minutes, longer than the reload guard', () => {
    expect(RELEASE_POLL_INTERVAL_MS).toBe(300_000);
    expect(RELEASE_POLL_INTERVAL_MS).toBeGreaterThan(RELEASE_RELOAD_GUARD_MS);
  });

  it('names its session marker', () => {
    expect(RELEASE_RELOAD_MARKER_KEY).toBe('release-reload-at');
  });

  it('reads builds/latest.json', () => {
    expect(BUILDS_LATEST_PATH).toBe('/builds/latest.json');
  });

  it('reads builds/meta/{buildId}.json, with the id encoded', () => {
    expect(buildMetaPath('abc123')).toBe('/builds/meta/abc123.json');
    expect(buildMetaPath('a/b c')).toBe('/builds/meta/a%2Fb%20c.json');
    expect(buildMetaPath('../x')).toBe('/builds/meta/..%2Fx.json');
  });
});

describe('refresh trigger (docs/product/browser.md#token-refresh)', () => {
  it('is status 401 or 403 only', () => {
    expect([...REFRESH_TRIGGER_STATUSES]).toEqual([401, 403]);
    expect(REFRESH_TRIGGER_STATUSES).not.toContain(400);
    expect(REFRESH_TRIGGER_STATUSES).not.toContain(429);
  });
});
