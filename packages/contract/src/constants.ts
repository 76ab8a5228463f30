// Business constants and storage keys (docs/product/messages.md#constants,
// docs/product/browser.md#storage-keys).

export const STORAGE_KEYS = {
  jwtToken: 'jwtToken',
  refreshToken: 'refreshToken',
  currency: 'currency',
  cart: 'cart',
  giftCard: 'gift-card',
} as const;

/** A gift card in the cart uses these fixed ids (docs/product/browser.md#cart-and-gift-card). */
export const GIFT_CARD_OFFER_ID = -1;
export const GIFT_CARD_OFFER_ATTRIBUTE_ID = -1;

export const LOCALE_COOKIE = {
  name: 'i18next',
  maxAgeDays: 365,
  path: '/',
  sameSite: 'lax',
} as const;

/**
 * The chosen currency is kept in localStorage under `currency` (STORAGE_KEYS); this cookie mirrors
 * it so that the server renders a page's prices in the currency the browser will show.
 */
export const CURRENCY_COOKIE = {
  name: 'currency',
  maxAgeDays: 365,
  path: '/',
  sameSite: 'lax',
} as const;

/** Release detection (docs/product/browser.md#release-detection). */
export const RELEASE_RELOAD_GUARD_MS = 10_000;
export const RELEASE_POLL_INTERVAL_MS = 5 * 60_000;
export const RELEASE_RELOAD_MARKER_KEY = 'release-reload-at';
export const BUILDS_LATEST_PATH = '/builds/latest.json';
export const buildMetaPath = (buildId: string): string =>
  `/builds/meta/${encodeURIComponent(buildId)}.json`;

/** latest.json's body. `BuildLatestSchema` (common.ts) checks it with zod; the web uses isBuildLatest. */
export interface BuildLatest {
  buildId: string;
}

export function isBuildLatest(value: unknown): value is BuildLatest {
  if (typeof value !== 'object' || value === null) return false;
  const { buildId } = value as Record<string, unknown>;
  return typeof buildId === 'string' && buildId.length > 0;
}

/** Refresh is triggered by these statuses (docs/product/browser.md#token-refresh). */
export const REFRESH_TRIGGER_STATUSES: readonly number[] = [401, 403];

/**
 * Ids of rows with integer (int4) keys (offers, variants, categories, orders, gift cards,
 * purchased artworks): a larger number names nothing, and PostgreSQL would refuse to compare it.
 */
export const ROW_ID_MAX = 2_147_483_647;
