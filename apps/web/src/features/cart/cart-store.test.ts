import { describe, expect, it, vi } from 'vitest';
import { LIMITS, STORAGE_KEYS } from '@pictura/contract';
import { createCurrencyStore } from '../../lib/currency';
import { createMemoryStorage } from '../../lib/storage';
import { createCartStore } from './cart-store';

describe('cart in local storage (docs/product/browser.md#cart-and-gift-card)', () => {
  it('stores items as {attributes: {id}} under the key cart', () => {
    const storage = createMemoryStorage();
    const cart = createCartStore(storage);
    expect(cart.add(7)).toBe('added');
    expect(cart.add(9)).toBe('added');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.cart) ?? 'null')).toEqual([
      { attributes: { id: 7 } },
      { attributes: { id: 9 } },
    ]);
    expect(cart.count()).toBe(2);
  });

  it('does not add an attribute twice', () => {
    const cart = createCartStore(createMemoryStorage());
    cart.add(7);
    expect(cart.add(7)).toBe('alreadyInCart');
    expect(cart.count()).toBe(1);
  });

  it('removes an item, and the key when the cart is empty', () => {
    const storage = createMemoryStorage();
    const cart = createCartStore(storage);
    cart.add(7);
    cart.add(9);
    cart.remove(7);
    expect(cart.getItems()).toEqual([{ attributes: { id: 9 } }]);
    cart.remove(9);
    expect(storage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it(`holds at most ${LIMITS.cartItemsMax} items`, () => {
    const cart = createCartStore(createMemoryStorage());
    for (let id = 1; id <= LIMITS.cartItemsMax; id++) cart.add(id);
    expect(cart.add(1000)).toBe('full');
    expect(cart.count()).toBe(LIMITS.cartItemsMax);
  });

  it('reads a cart written elsewhere and drops entries that are not cart items', () => {
    const storage = createMemoryStorage();
    storage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([{ attributes: { id: 3 } }, { id: 4 }, { attributes: { id: 3 } }, 'x']),
    );
    expect(createCartStore(storage).getItems()).toEqual([{ attributes: { id: 3 } }]);
    storage.setItem(STORAGE_KEYS.cart, '{not json');
    expect(createCartStore(storage).getItems()).toEqual([]);
  });

  it('gives the same snapshot while nothing changed and a new one after any change', () => {
    const storage = createMemoryStorage();
    const cart = createCartStore(storage);
    cart.add(1);
    const first = cart.getItems();
    expect(cart.getItems()).toBe(first);
    storage.removeItem(STORAGE_KEYS.cart); // e.g. the currency switch, or checkout
    expect(cart.getItems()).toEqual([]);
  });

  it('is empty after a currency switch, and tells its listeners', () => {
    const storage = createMemoryStorage();
    const cart = createCartStore(storage);
    const currency = createCurrencyStore(storage);
    const listener = vi.fn();
    cart.subscribe(listener);
    currency.subscribe(cart.notify);
    cart.add(5);
    currency.setCurrency('USD');
    expect(cart.count()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
