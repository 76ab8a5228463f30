import { useSyncExternalStore } from 'react';
import {
  GIFT_CARD_OFFER_ATTRIBUTE_ID,
  GIFT_CARD_OFFER_ID,
  isGiftCardInCart,
  STORAGE_KEYS,
  type Currency,
  type GiftCardInCart,
} from '@pictura/contract';
import { currencyStore, type CurrencyStore } from '../../lib/currency';
import { serverSnapshot } from '../../lib/render-scope';
import { browserStorage, type KeyValueStorage } from '../../lib/storage';

/**
 * The gift card in the cart (docs/product/browser.md#cart-and-gift-card): local storage key
 * `gift-card`, one `{offerId: -1, offerAttributeId: -1, amount, currency}`. One card at a time:
 * adding another replaces it. The currency switch removes the key (lib/currency.ts) and checkout
 * clears it after an order; like the cart, every read compares the stored text with the one last
 * parsed.
 */

export type SetGiftCardResult = 'added' | 'replaced' | 'unchanged';

function parseGiftCard(text: string | null, currency: Currency): GiftCardInCart | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  // A card in another currency (written by an older tab) cannot be paid in this one.
  return isGiftCardInCart(value) && value.currency === currency ? value : null;
}

export function createGiftCardStore(
  storage: KeyValueStorage,
  currency: Pick<CurrencyStore, 'getCurrency'>,
) {
  let lastKey: string | undefined;
  let lastCard: GiftCardInCart | null = null;
  const listeners = new Set<() => void>();

  const get = (): GiftCardInCart | null => {
    const text = storage.getItem(STORAGE_KEYS.giftCard);
    const active = currency.getCurrency();
    const key = `${active}|${text ?? ''}`;
    if (key !== lastKey) {
      lastKey = key;
      lastCard = parseGiftCard(text, active);
    }
    return lastCard;
  };

  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };

  return {
    get,
    notify,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Puts a card of `amount` minor units in the active currency into the cart. */
    set(amount: number): SetGiftCardResult {
      const previous = get();
      if (previous?.amount === amount) return 'unchanged';
      const card: GiftCardInCart = {
        offerId: GIFT_CARD_OFFER_ID,
        offerAttributeId: GIFT_CARD_OFFER_ATTRIBUTE_ID,
        amount,
        currency: currency.getCurrency(),
      };
      if (!isGiftCardInCart(card)) throw new RangeError(`Not a gift card amount: ${amount}`);
      storage.setItem(STORAGE_KEYS.giftCard, JSON.stringify(card));
      notify();
      return previous ? 'replaced' : 'added';
    },
    clear(): void {
      storage.removeItem(STORAGE_KEYS.giftCard);
      notify();
    },
  };
}

export type GiftCardStore = ReturnType<typeof createGiftCardStore>;

export const giftCardStore: GiftCardStore = createGiftCardStore(
  browserStorage('localStorage'),
  currencyStore,
);

/** Re-reads after a currency switch (which removes the card) and after changes in another tab. */
function subscribe(listener: () => void): () => void {
  const unsubscribeCard = giftCardStore.subscribe(listener);
  const unsubscribeCurrency = currencyStore.subscribe(giftCardStore.notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.giftCard || event.key === null) giftCardStore.notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribeCard();
    unsubscribeCurrency();
    window.removeEventListener('storage', onStorage);
  };
}

const noneOnServer = serverSnapshot<GiftCardInCart | null>(null, giftCardStore.get);

export function useGiftCardInCart(): GiftCardInCart | null {
  return useSyncExternalStore(subscribe, giftCardStore.get, noneOnServer);
}
