import { describe, expect, it, vi } from 'vitest';
import { LIMITS, STORAGE_KEYS } from '@pictura/contract';
import { createCurrencyStore } from '../../lib/currency';
import { createMemoryStorage } from '../../lib/storage';
import { createGiftCardStore } from './gift-card-store';

function setup() {
  const storage = createMemoryStorage();
  const currency = createCurrencyStore(storage);
  const giftCard = createGiftCardStore(storage, currency);
  return { storage, currency, giftCard };
}

const stored = (storage: ReturnType<typeof createMemoryStorage>) =>
  JSON.parse(storage.getItem(STORAGE_KEYS.giftCard) ?? 'null') as unknown;

describe('gift card in the cart (docs/product/browser.md#cart-and-gift-card)', () => {
  it('stores {offerId: -1, offerAttributeId: -1, amount, currency} under the key gift-card', () => {
    const { storage, giftCard } = setup();
    expect(giftCard.get()).toBeNull();
    expect(giftCard.set(2500)).toBe('added');
    expect(stored(storage)).toEqual({
      offerId: -1,
      offerAttributeId: -1,
      amount: 2500,
      currency: 'EUR',
    });
    expect(giftCard.get()).toEqual(stored(storage));
  });

  it('holds one card: another amount replaces it, the same amount changes nothing', () => {
    const { storage, giftCard } = setup();
    giftCard.set(1000);
    expect(giftCard.set(1000)).toBe('unchanged');
    expect(giftCard.set(5000)).toBe('replaced');
    expect(stored(storage)).toMatchObject({ amount: 5000 });
  });

  it('refuses an amount outside the gift card limits', () => {
    const { storage, giftCard } = setup();
    expect(() => giftCard.set(LIMITS.giftCardMin - 1)).toThrow();
    expect(() => giftCard.set(LIMITS.giftCardMax + 1)).toThrow();
    expect(storage.getItem(STORAGE_KEYS.giftCard)).toBeNull();
  });

  it('is cleared, and its listeners told, on clear() and by a currency switch', () => {
    const { storage, currency, giftCard } = setup();
    const listener = vi.fn();
    giftCard.subscribe(listener);
    currency.subscribe(giftCard.notify);
    giftCard.set(1000);
    giftCard.clear();
    expect(storage.getItem(STORAGE_KEYS.giftCard)).toBeNull();
    giftCard.set(1000);
    currency.setCurrency('USD');
    expect(giftCard.get()).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.giftCard)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('ignores a stored card that is not valid or is in another currency', () => {
    const { storage, giftCard } = setup();
    storage.setItem(STORAGE_KEYS.giftCard, '{not json');
    expect(giftCard.get()).toBeNull();
    storage.setItem(
      STORAGE_KEYS.giftCard,
      JSON.stringify({ offerId: 3, offerAttributeId: -1, amount: 1000, currency: 'EUR' }),
    );
    expect(giftCard.get()).toBeNull();
    storage.setItem(
      STORAGE_KEYS.giftCard,
      JSON.stringify({ offerId: -1, offerAttributeId: -1, amount: 1000, currency: 'USD' }),
    );
    expect(giftCard.get()).toBeNull();
  });

  it('gives the same snapshot while nothing changed', () => {
    const { giftCard } = setup();
    giftCard.set(1000);
    expect(giftCard.get()).toBe(giftCard.get());
  });
});
