import type { KeyValueStorage } from './storage';

/**
 * Cookie and browser-storage categories. `necessary` is always granted: sign-in, cart, currency,
 * language, the payment link and this choice itself. Code that would keep anything else in the
 * browser must ask `hasConsent(category)` (account store) first, and must not write it before the
 * answer is yes. The banner that asks lives in features/consent; the lists are account state
 * (docs/product/browser.md#account-state), so their record is kept here where the account store
 * reads it.
 */
export const COOKIE_CATEGORIES = ['necessary', 'preferences', 'analytics'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];
export const OPTIONAL_COOKIE_CATEGORIES = COOKIE_CATEGORIES.filter(
  (category): category is Exclude<CookieCategory, 'necessary'> => category !== 'necessary',
);

/**
 * Local-storage key of the consent record; the spec names none
 * (docs/decisions/customer-care/consent-record.md).
 */
export const COOKIE_CONSENT_STORAGE_KEY = 'cookie-consent';
/** A choice older than this is asked for again, as supervisory authorities recommend. */
export const COOKIE_CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export interface CookieConsent {
  granted: readonly CookieCategory[];
  rejected: readonly CookieCategory[];
}

const NO_CONSENT: CookieConsent = { granted: [], rejected: [] };

/** True once every optional category has been granted or rejected (the banner is then closed). */
export function isConsentDecided({ granted, rejected }: CookieConsent): boolean {
  return OPTIONAL_COOKIE_CATEGORIES.every(
    (category) => granted.includes(category) || rejected.includes(category),
  );
}

const isCategory = (value: unknown): value is CookieCategory =>
  COOKIE_CATEGORIES.some((category) => category === value);

/**
 * The stored choice, or none when it is missing, unreadable or older than a year. A category added
 * since is in neither list, so the choice counts as undecided and the banner asks again.
 */
export function readCookieConsent(storage: KeyValueStorage, now: number): CookieConsent {
  try {
    const record: unknown = JSON.parse(storage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null');
    if (typeof record !== 'object' || record === null) return NO_CONSENT;
    const { granted, rejected, decidedAt } = record as Record<string, unknown>;
    const age = now - Date.parse(String(decidedAt));
    if (!Array.isArray(granted) || !Array.isArray(rejected) || !(age < COOKIE_CONSENT_MAX_AGE_MS)) {
      return NO_CONSENT;
    }
    return { granted: granted.filter(isCategory), rejected: rejected.filter(isCategory) };
  } catch {
    return NO_CONSENT;
  }
}

/** Keeps the choice with its date; `necessary` is always granted and never rejected. */
export function writeCookieConsent(
  storage: KeyValueStorage,
  { granted, rejected }: CookieConsent,
  now: number,
): CookieConsent {
  const consent: CookieConsent = {
    granted: COOKIE_CATEGORIES.filter((c) => c === 'necessary' || granted.includes(c)),
    rejected: COOKIE_CATEGORIES.filter((c) => c !== 'necessary' && rejected.includes(c)),
  };
  const decidedAt = new Date(now).toISOString();
  storage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify({ ...consent, decidedAt }));
  return consent;
}
