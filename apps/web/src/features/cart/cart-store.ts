import { useSyncExternalStore } from 'react';
import { isCartItem, LIMITS, STORAGE_KEYS, type CartItem } from '@pictura/contract';
import { currencyStore } from '../../lib/currency';
import { serverSnapshot } from '../../lib/render-scope';
import { browserStorage, type KeyValueStorage } from '../../lib/storage';

/**
 * The cart of docs/product/browser.md#cart-and-gift-card: local storage key `cart`, a JSON array of
 * `{ attributes: { id } }`, each id an offer attribute (a purchasable variant). An attribute is in
 * the cart at most once. Others write the same key too (the currency switch empties it, checkout
 * clears it after an order, another tab changes it), so every read compares the stored text with
 * the one last parsed instead of trusting a copy kept here.
 */

export type AddResult = 'added' | 'alreadyInCart' | 'full';

/** Entries that are not valid cart items (edited by hand, an older format) are dropped. */
function parseCart(text: string | null): CartItem[] {
  if (text === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const items: CartItem[] = [];
  for (const entry of value) {
    if (isCartItem(entry) && !seen.has(entry.attributes.id)) {
      seen.add(entry.attributes.id);
      items.push(entry);
    }
  }
  return items;
}

export function createCartStore(storage: KeyValueStorage) {
  let lastText: string | null | undefined;
  let lastItems: readonly CartItem[] = [];
  const listeners = new Set<() => void>();

  /**
   * Pure, as useSyncExternalStore requires of a snapshot: the same array while the stored text is
   * unchanged, a new one after any change, whoever made it.
   */
  const getItems = (): readonly CartItem[] => {
    const text = storage.getItem(STORAGE_KEYS.cart);
    if (text !== lastText) {
      lastText = text;
      lastItems = parseCart(text);
    }
    return lastItems;
  };

  /** Tells the components showing the cart to read it again. */
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };

  const write = (items: readonly CartItem[]): void => {
    if (items.length === 0) {
      storage.removeItem(STORAGE_KEYS.cart);
    } else {
      storage.setItem(STORAGE_KEYS.cart, JSON.stringify(items));
    }
    notify();
  };

  const has = (attributeId: number): boolean =>
    getItems().some((item) => item.attributes.id === attributeId);

  return {
    getItems,
    notify,
    has,
    count: (): number => getItems().length,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(attributeId: number): AddResult {
      if (has(attributeId)) return 'alreadyInCart';
      const items = getItems();
      if (items.length >= LIMITS.cartItemsMax) return 'full';
      write([...items, { attributes: { id: attributeId } }]);
      return 'added';
    },
    remove(attributeId: number): void {
      write(getItems().filter((item) => item.attributes.id !== attributeId));
    },
    /** After a successful order (docs/product/browser.md#cart-and-gift-card). */
    clear(): void {
      write([]);
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

export const cartStore: CartStore = createCartStore(browserStorage('localStorage'));

/** Re-reads after a currency switch (which empties the cart) and after changes in another tab. */
function subscribe(listener: () => void): () => void {
  const unsubscribeCart = cartStore.subscribe(listener);
  const unsubscribeCurrency = currencyStore.subscribe(cartStore.notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.cart || event.key === null) cartStore.notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribeCart();
    unsubscribeCurrency();
    window.removeEventListener('storage', onStorage);
  };
}

/** The server never sees the cart (local storage): it renders an empty one. */
const emptyOnServer = serverSnapshot<readonly CartItem[]>([], cartStore.getItems);

export function useCartItems(): readonly CartItem[] {
  return useSyncExternalStore(subscribe, cartStore.getItems, emptyOnServer);
}

export function useCartCount(): number {
  return useCartItems().length;
}

export function useIsInCart(attributeId: number): boolean {
  return useCartItems().some((item) => item.attributes.id === attributeId);
}
