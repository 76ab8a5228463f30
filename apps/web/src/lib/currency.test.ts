import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@pictura/contract';
import { createCurrencyStore } from './currency';
import { createMemoryStorage } from './storage';

describe('currency (docs/product/browser.md#currency)', () => {
  it('defaults to EUR, also when the stored value is not a currency', () => {
    expect(createCurrencyStore(createMemoryStorage()).getCurrency()).toBe('EUR');
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.currency, 'GBP');
    expect(createCurrencyStore(storage).getCurrency()).toBe('EUR');
  });

  it('reads the saved currency', () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.currency, 'USD');
    expect(createCurrencyStore(storage).getCurrency()).toBe('USD');
  });

  it('saves a change and empties the cart and the gift card', () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.cart, '[{"attributes":{"id":3}}]');
    storage.setItem(STORAGE_KEYS.giftCard, '{"amount":2000}');
    const store = createCurrencyStore(storage);
    let notified = 0;
    store.subscribe(() => notified++);

    store.setCurrency('USD');

    expect(store.getCurrency()).toBe('USD');
    expect(storage.getItem(STORAGE_KEYS.currency)).toBe('USD');
    expect(storage.getItem(STORAGE_KEYS.cart)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.giftCard)).toBeNull();
    expect(notified).toBe(1);
  });

  it('keeps the cart when the same currency is chosen again', () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.cart, '[]');
    createCurrencyStore(storage).setCurrency('EUR');
    expect(storage.getItem(STORAGE_KEYS.cart)).toBe('[]');
  });

  it('follows a change another tab made in the shared storage', () => {
    const storage = createMemoryStorage();
    const store = createCurrencyStore(storage);
    storage.setItem(STORAGE_KEYS.currency, 'USD');
    store.syncFromStorage();
    expect(store.getCurrency()).toBe('USD');
  });
});
