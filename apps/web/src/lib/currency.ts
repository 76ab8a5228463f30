import { useSyncExternalStore } from 'react';
import {
  CURRENCIES,
  CURRENCY_COOKIE,
  DEFAULT_CURRENCY,
  isOneOf,
  STORAGE_KEYS,
  type Currency,
} from '@pictura/contract';
import { createExternalStore } from './external-store';
import { renderedValue, renderScope } from './render-scope';
import { browserStorage, type KeyValueStorage } from './storage';

/**
 * The chosen currency (docs/product/browser.md#currency): saved in local storage under `currency`,
 * EUR by default. Changing it empties the cart and the gift card in the cart, whose prices were in
 * the old currency.
 */
export function createCurrencyStore(
  storage: KeyValueStorage,
  /** Told each chosen currency (the cookie the server renders prices from). */
  mirror: (currency: Currency) => void = () => undefined,
) {
  const read = (): Currency => {
    const stored = storage.getItem(STORAGE_KEYS.currency);
    return isOneOf(CURRENCIES, stored) ? stored : DEFAULT_CURRENCY;
  };
  const store = createExternalStore<Currency>(read());

  return {
    getCurrency: store.get,
    subscribe: store.subscribe,
    setCurrency(next: Currency): void {
      if (next === store.get()) return;
      storage.setItem(STORAGE_KEYS.currency, next);
      mirror(next);
      storage.removeItem(STORAGE_KEYS.cart);
      storage.removeItem(STORAGE_KEYS.giftCard);
      store.set(next);
    },
    /** Picks up a change made in another tab (local storage is shared, its cart already emptied). */
    syncFromStorage(): void {
      store.set(read());
      mirror(store.get());
    },
    /** Writes the mirror of the stored choice, which may be missing or stale (a first visit). */
    mirrorChoice(): void {
      mirror(store.get());
    },
  };
}

export type CurrencyStore = ReturnType<typeof createCurrencyStore>;

/** The `currency` cookie, kept as the locale cookie is: a year, the whole site, Lax. */
function writeCurrencyCookie(currency: Currency): void {
  if (typeof document === 'undefined') return;
  const maxAge = CURRENCY_COOKIE.maxAgeDays * 24 * 60 * 60;
  document.cookie = `${CURRENCY_COOKIE.name}=${currency}; Max-Age=${maxAge}; Path=${CURRENCY_COOKIE.path}; SameSite=${CURRENCY_COOKIE.sameSite}`;
}

export const currencyStore: CurrencyStore = createCurrencyStore(
  browserStorage('localStorage'),
  writeCurrencyCookie,
);

/** The chosen currency; during a server render, the one of the request's `currency` cookie. */
export function getCurrency(): Currency {
  const rendering = import.meta.env.SSR ? renderScope() : undefined;
  return rendering ? rendering.currency : currencyStore.getCurrency();
}

/** The currency the server rendered the page in (React's server snapshot). */
export const renderedCurrency = (): Currency =>
  renderedValue((scope) => scope.currency, currencyStore.getCurrency);
export const setCurrency = currencyStore.setCurrency;

/** Also listens for changes made in another tab while a component shows the currency. */
function subscribeWithOtherTabs(listener: () => void): () => void {
  const unsubscribe = currencyStore.subscribe(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.currency || event.key === null) currencyStore.syncFromStorage();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrency(): Currency {
  return useSyncExternalStore(subscribeWithOtherTabs, getCurrency, renderedCurrency);
}
