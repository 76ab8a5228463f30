import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { BalanceResponse, Currency, ProfileResponse } from '@pictura/contract';
import {
  OPTIONAL_COOKIE_CATEGORIES,
  readCookieConsent,
  writeCookieConsent,
  type CookieCategory,
  type CookieConsent,
} from './cookie-consent';
import { currencyStore, type CurrencyStore } from './currency';
import { createExternalStore } from './external-store';
import { appQueryClient } from './query-client';
import { renderScope } from './render-scope';
import { balanceKeys, profileKey, PUBLIC_QUERY_ROOTS } from './query-keys';
import { session, type Session } from './session';
import { browserStorage, createMemoryStorage, type KeyValueStorage } from './storage';

/**
 * The account store of docs/product/browser.md#account-state: the signed-in user's profile, the
 * chosen currency (kept by lib/currency.ts, mirrored here), the balance (null when fetching it
 * fails), the cookie-consent lists and the accepted-privacy flag, plus the busy flags of login and
 * registration and a loading flag per account action (on while its call runs).
 *
 * Profile and balance are server state: they live in the query cache (lib/api/get-profile.ts,
 * lib/api/get-balance.ts) and this store only mirrors them, so there is one copy to invalidate.
 */

/** Busy flags of docs/product/browser.md#busy-flags. */
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

/** Flags that mirror a query's fetch rather than a call run through `whileLoading`. */
type QueryAction = Extract<AccountAction, 'profile' | 'balance'>;

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
  queryClient: QueryClient;
  currency: CurrencyStore;
  session: Pick<Session, 'isSignedIn' | 'subscribe'>;
  /** Where the cookie-consent choice is kept (local storage); in memory when not given. */
  storage?: KeyValueStorage;
  now?: () => number;
}

const noFlags = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, false])) as Record<K, boolean>;

export function createAccountStore({
  queryClient,
  currency,
  session: tokens,
  storage = createMemoryStorage(),
  now = Date.now,
}: AccountStoreDeps) {
  const cache = queryClient.getQueryCache();
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

  /**
   * Copies the cached profile and the balance of the chosen currency (another currency's amount
   * must not be shown as it) into the state, telling subscribers only when something changed.
   */
  function mirrorQueries(): void {
    const chosen = currency.getCurrency();
    const profileQuery = cache.find<ProfileResponse>({ queryKey: profileKey, exact: true });
    const balanceQuery = cache.find<BalanceResponse | null>({
      queryKey: balanceKeys.of(chosen),
      exact: true,
    });
    const next = {
      currency: chosen,
      profile: profileQuery?.state.data ?? null,
      balance: balanceQuery?.state.data ?? null,
    };
    const fetching: Record<QueryAction, boolean> = {
      profile: profileQuery?.state.fetchStatus === 'fetching',
      balance: balanceQuery?.state.fetchStatus === 'fetching',
    };
    const state = store.get();
    const same =
      state.currency === next.currency &&
      state.profile === next.profile &&
      state.balance === next.balance &&
      state.loading.profile === fetching.profile &&
      state.loading.balance === fetching.balance;
    if (!same) update({ ...next, loading: { ...state.loading, ...fetching } });
  }

  const isAccountQuery = (key: readonly unknown[]) =>
    key[0] === profileKey[0] || key[0] === balanceKeys.all[0];
  cache.subscribe((event) => {
    if (isAccountQuery(event.query.queryKey)) mirrorQueries();
  });
  currency.subscribe(mirrorQueries);
  // Nothing of a user who signed out (or whose session ended) may be shown to the next one: only
  // what any visitor may see survives (an allow-list, so that a new personal query is removed too).
  tokens.subscribe(() => {
    if (tokens.isSignedIn()) return;
    queryClient.removeQueries({
      predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])),
    });
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
    whileLoading: <T>(action: Exclude<AccountAction, QueryAction>, call: () => Promise<T>) =>
      track(action, call),
    /** An account call answered the profile as it now is: it replaces the cached one. */
    setProfile: (profile: ProfileResponse) => queryClient.setQueryData(profileKey, profile),

    setCurrency: (next: Currency) => currency.setCurrency(next),
    /** Keeps the choice in the store and in local storage; `necessary` is always granted. */
    setCookieConsent: (choice: CookieConsent) =>
      update({ cookieConsent: writeCookieConsent(storage, choice, now()) }),
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
  queryClient: appQueryClient,
  currency: currencyStore,
  session,
  storage: browserStorage('localStorage'),
});

/** Asked by any code before it keeps optional data in the browser (lib/cookie-consent.ts). */
export const hasConsent = (category: CookieCategory): boolean => accountStore.hasConsent(category);

/**
 * The account as the server renders it: signed out, in the request's currency, and with the cookie
 * choice taken as made, so the banner (fixed at the bottom, it shifts nothing) appears only in the
 * browser, which knows whether the visitor has chosen. One object per currency, as selectors
 * return its fields as they are.
 */
const serverAccountStates = new Map<Currency, AccountState>();
function serverAccountState(currency: Currency): AccountState {
  let state = serverAccountStates.get(currency);
  if (!state) {
    state = {
      profile: null,
      currency,
      balance: null,
      cookieConsent: { granted: [], rejected: OPTIONAL_COOKIE_CATEGORIES },
      acceptedPrivacy: false,
      busy: noFlags(['login', 'registration']),
      loading: noFlags(ACCOUNT_ACTIONS),
    };
    serverAccountStates.set(currency, state);
  }
  return state;
}

/**
 * Reads a part of the account state and re-renders when it changes. The selector must return a
 * value from the state as it is (a field, a flag), not a new object, or React would loop.
 */
export function useAccount<T>(select: (state: AccountState) => T): T {
  const read = () => select(accountStore.get());
  const rendered = () => {
    const scope = renderScope();
    return scope ? select(serverAccountState(scope.currency)) : read();
  };
  return useSyncExternalStore(accountStore.subscribe, read, rendered);
}
