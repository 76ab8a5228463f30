import { useSyncExternalStore } from 'react';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  isOneOf,
  STORAGE_KEYS,
  type Currency,
} from '@pictura/contract';
import { createExternalStore } from './external-store';
import { browserStorage, type KeyValueStorage } from './storage';

/**
 * The chosen currency (seed-spec section 4): saved in local storage under `currency`, EUR by default.
 * Changing it empties the cart and the gift card in the cart, whose prices were in the old currency.
 */
export function createCurrencyStore(storage: KeyValueStorage) {
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
      storage.removeItem(STORAGE_KEYS.cart);
      storage.removeItem(STORAGE_KEYS.giftCard);
      store.set(next);
    },
    /** Picks up a change made in another tab (local storage is shared, its cart already emptied). */
    syncFromStorage(): void {
      store.set(read());
    },
  };
}

export type CurrencyStore = ReturnType<typeof createCurrencyStore>;

export const currencyStore: CurrencyStore = createCurrencyStore(browserStorage('localStorage'));

export const getCurrency = currencyStore.getCurrency;
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
  return useSyncExternalStore(subscribeWithOtherTabs, getCurrency, getCurrency);
}
