import { useSyncExternalStore } from 'react';
import {
  apiPaths,
  BalanceResponseSchema,
  ProfileResponseSchema,
  type BalanceResponse,
  type Currency,
  type ProfileResponse,
} from '@pictura/contract';
import { apiClient, type ApiClient } from './api-client';
import { currencyStore, type CurrencyStore } from './currency';
import { createExternalStore } from './external-store';
import { session, type Session } from './session';

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

export interface CookieConsent {
  granted: readonly string[];
  rejected: readonly string[];
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
}

const noFlags = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, false])) as Record<K, boolean>;

export function createAccountStore({ client, currency, session: tokens }: AccountStoreDeps) {
  const store = createExternalStore<AccountState>({
    profile: null,
    currency: currency.getCurrency(),
    balance: null,
    cookieConsent: { granted: [], rejected: [] },
    acceptedPrivacy: false,
    busy: noFlags(['login', 'registration']),
    loading: noFlags(ACCOUNT_ACTIONS),
  });
  const update = (change: Partial<AccountState>) => store.set({ ...store.get(), ...change });

  currency.subscribe(() => update({ currency: currency.getCurrency() }));
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
        const profile = await client.get(apiPaths.accountsProfile, {
          schema: ProfileResponseSchema,
        });
        update({ profile });
        return profile;
      }),
    setProfile: (profile: ProfileResponse | null) => update({ profile }),

    /** Fetches the balance in the chosen currency; null when that fails (seed-spec section 4). */
    loadBalance: (of: Currency = store.get().currency): Promise<BalanceResponse | null> =>
      track('balance', async () => {
        const balance = await client
          .post(apiPaths.balance, { currency: of }, { schema: BalanceResponseSchema })
          .catch(() => null);
        update({ balance });
        return balance;
      }),

    setCurrency: (next: Currency) => currency.setCurrency(next),
    setCookieConsent: (cookieConsent: CookieConsent) => update({ cookieConsent }),
    setAcceptedPrivacy: (acceptedPrivacy: boolean) => update({ acceptedPrivacy }),
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

export const accountStore: AccountStore = createAccountStore({
  client: apiClient,
  currency: currencyStore,
  session,
});

/**
 * Reads a part of the account state and re-renders when it changes. The selector must return a
 * value from the state as it is (a field, a flag), not a new object, or React would loop.
 */
export function useAccount<T>(select: (state: AccountState) => T): T {
  const read = () => select(accountStore.get());
  return useSyncExternalStore(accountStore.subscribe, read, read);
}
