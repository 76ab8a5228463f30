import { useSyncExternalStore } from 'react';
import {
  apiPaths,
  type BalanceResponse,
  type Currency,
  type ProfileResponse,
} from '@pictura/contract';
import { apiClient, type ApiClient } from './api-client';
import { currencyStore, type CurrencyStore } from './currency';
import { createExternalStore } from './external-store';
import { session, type Session } from './session';
import { browserStorage, createMemoryStorage, type KeyValueStorage } from './storage';

/**
 * The account store of seed-spec sections 3 and 4: the signed-in user's profile, the chosen
 * currency (kept by lib/currency.ts, mirrored here), the balance (null when fetching it fails),
 * the cookie-consent lists and the accepted-privacy flag, plus the busy flags of login and
 * registration and a loading flag per account action (on while its call runs).
 */

/** Busy flags of seed-spec section 4. */
export type BusyFlag = 'login' | 'registration';

/** One loading flag per account action. */
export const ACCOUNT_ACTIONS = [
  'profile',
  'balance',
  'updateProfile',
  'updateBilling',
  'changePassword',
  'forgotPassword',
  'resetPassword',
  'logout',
  'logoutAll',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/**
 * Cookie and browser-storage categories (issue 7). `necessary` is always granted: sign-in, cart,
 * currency, language, the payment link and this choice itself. Code that would keep anything else
 * in the browser must ask `hasConsent(category)` first, and must not write it before the answer is
 * yes.
 */
export const COOKIE_CATEGORIES = ['necessary', 'preferences', 'analytics'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];
export const OPTIONAL_COOKIE_CATEGORIES = COOKIE_CATEGORIES.filter(
  (category): category is Exclude<CookieCategory, 'necessary'> => category !== 'necessary',
);

/** Local-storage key of the consent record; the spec names none (decisions.md, issue 7). */
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
function readCookieConsent(storage: KeyValueStorage, now: number): CookieConsent {
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

export interface AccountState {
  profile: ProfileResponse | null;
  currency: Currency;
  balance: BalanceResponse | null;
  cookieConsent: CookieConsent;
  acceptedPrivacy: boolean;
  busy: Readonly<Record<BusyFlag, boolean>>;
  loading: Readonly<Record<AccountAction, boolean>>;
}

export interface AccountStoreDeps {
  client: Pick<ApiClient, 'get' | 'post'>;
  currency: CurrencyStore;
  session: Pick<Session, 'isSignedIn' | 'subscribe'>;
  /** Where the cookie-consent choice is kept (local storage); in memory when not given. */
  storage?: KeyValueStorage;
  now?: () => number;
}

const noFlags = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, false])) as Record<K, boolean>;

export function createAccountStore({
  client,
  currency,
  session: tokens,
  storage = createMemoryStorage(),
  now = Date.now,
}: AccountStoreDeps) {
  const store = createExternalStore<AccountState>({
    profile: null,
    currency: currency.getCurrency(),
    balance: null,
    cookieConsent: readCookieConsent(storage, now()),
    acceptedPrivacy: false,
    busy: noFlags(['login', 'registration']),
    loading: noFlags(ACCOUNT_ACTIONS),
  });
  const update = (change: Partial<AccountState>) => store.set({ ...store.get(), ...change });

  // The balance is of the chosen currency: another currency's amount must not be shown as it.
  currency.subscribe(() => {
    const chosen = currency.getCurrency();
    const { balance } = store.get();
    update({ currency: chosen, balance: balance?.currency === chosen ? balance : null });
  });
  // Nothing of a user who signed out (or whose session ended) may be shown to the next one.
  tokens.subscribe(() => {
    if (!tokens.isSignedIn()) update({ profile: null, balance: null });
  });

  /** Runs `call` with its flag on; the flag is cleared when the call ends, failed or not. */
  async function track<T>(flag: BusyFlag | AccountAction, call: () => Promise<T>): Promise<T> {
    const setFlag = (on: boolean) => {
      const state = store.get();
      if (flag === 'login' || flag === 'registration') {
        update({ busy: { ...state.busy, [flag]: on } });
      } else {
        update({ loading: { ...state.loading, [flag]: on } });
      }
    };
    setFlag(true);
    try {
      return await call();
    } finally {
      setFlag(false);
    }
  }

  return {
    get: store.get,
    subscribe: store.subscribe,
    /** Login and registration: their busy flag is on while `call` runs. */
    whileBusy: <T>(flag: BusyFlag, call: () => Promise<T>) => track(flag, call),
    /** Any other account action: its loading flag is on while `call` runs. */
    whileLoading: <T>(action: AccountAction, call: () => Promise<T>) => track(action, call),

    /** Fetches the signed-in user's profile into the store; a failure leaves it as it was. */
    loadProfile: (): Promise<ProfileResponse> =>
      track('profile', async () => {
        // Profile and balance are not parsed by zod: every first view may ask for them, and the
        // first view loads no zod (decisions.md, "No zod in the first views").
        const profile = await client.get<ProfileResponse>(apiPaths.accountsProfile);
        update({ profile });
        return profile;
      }),
    setProfile: (profile: ProfileResponse | null) => update({ profile }),

    /** Fetches the balance in the chosen currency; null when that fails (seed-spec section 4). */
    loadBalance: (of: Currency = store.get().currency): Promise<BalanceResponse | null> =>
      track('balance', async () => {
        const balance = await client
          .post<BalanceResponse>(apiPaths.balance, { currency: of })
          .catch(() => null);
        update({ balance });
        return balance;
      }),

    setCurrency: (next: Currency) => currency.setCurrency(next),
    /** Keeps the choice in the store and in local storage; `necessary` is always granted. */
    setCookieConsent({ granted, rejected }: CookieConsent): void {
      const cookieConsent: CookieConsent = {
        granted: COOKIE_CATEGORIES.filter((c) => c === 'necessary' || granted.includes(c)),
        rejected: COOKIE_CATEGORIES.filter((c) => c !== 'necessary' && rejected.includes(c)),
      };
      const decidedAt = new Date(now()).toISOString();
      storage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify({ ...cookieConsent, decidedAt }));
      update({ cookieConsent });
    },
    /** Picks up a choice made in another tab (local storage is shared). */
    syncCookieConsentFromStorage: () =>
      update({ cookieConsent: readCookieConsent(storage, now()) }),
    /** Whether the browser may keep things of `category`; only `necessary` before a choice. */
    hasConsent: (category: CookieCategory): boolean =>
      category === 'necessary' || store.get().cookieConsent.granted.includes(category),
    setAcceptedPrivacy: (acceptedPrivacy: boolean) => update({ acceptedPrivacy }),
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

export const accountStore: AccountStore = createAccountStore({
  client: apiClient,
  currency: currencyStore,
  session,
  storage: browserStorage('localStorage'),
});

/** Asked by any code before it keeps optional data in the browser (see COOKIE_CATEGORIES). */
export const hasConsent = (category: CookieCategory): boolean => accountStore.hasConsent(category);

/**
 * Reads a part of the account state and re-renders when it changes. The selector must return a
 * value from the state as it is (a field, a flag), not a new object, or React would loop.
 */
export function useAccount<T>(select: (state: AccountState) => T): T {
  const read = () => select(accountStore.get());
  return useSyncExternalStore(accountStore.subscribe, read, read);
}
