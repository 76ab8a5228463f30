import { useSyncExternalStore } from 'react';
import { createExternalStore } from '../../lib/external-store';
import { renderScope } from '../../lib/render-scope';
import { browserStorage, type KeyValueStorage } from '../../lib/storage';

/**
 * docs/product/browser.md#busy-flags: an order-processing flag, on while an order, a deposit or a
 * repeated payment is being submitted (so a second click cannot submit twice), and the payment link
 * the last successful submission returned. The link is kept in session storage: it belongs to this
 * tab's checkout, survives the round trip to the payment page and back, and goes with the tab.
 */

export const PAYMENT_LINK_STORAGE_KEY = 'paymentLink';

export interface CheckoutState {
  orderProcessing: boolean;
  paymentLink: string | null;
}

export function createCheckoutStore(storage: KeyValueStorage) {
  const store = createExternalStore<CheckoutState>({
    orderProcessing: false,
    paymentLink: storage.getItem(PAYMENT_LINK_STORAGE_KEY),
  });
  const update = (change: Partial<CheckoutState>) => store.set({ ...store.get(), ...change });

  return {
    get: store.get,
    subscribe: store.subscribe,
    /**
     * Turns the flag on; false when it already was, and the caller must not submit. Checked
     * synchronously, so two clicks within one frame cannot both pass.
     */
    begin(): boolean {
      if (store.get().orderProcessing) return false;
      update({ orderProcessing: true });
      return true;
    },
    end(): void {
      update({ orderProcessing: false });
    },
    setPaymentLink(paymentLink: string): void {
      storage.setItem(PAYMENT_LINK_STORAGE_KEY, paymentLink);
      update({ paymentLink });
    },
    clearPaymentLink(): void {
      storage.removeItem(PAYMENT_LINK_STORAGE_KEY);
      update({ paymentLink: null });
    },
  };
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;

export const checkoutStore: CheckoutStore = createCheckoutStore(browserStorage('sessionStorage'));

/** What the server renders: no payment under way (it never sees sessionStorage). */
const NO_CHECKOUT: CheckoutState = { orderProcessing: false, paymentLink: null };

/** A part of the checkout state; the selector must return a field as it is, not a new object. */
export function useCheckoutState<T>(select: (state: CheckoutState) => T): T {
  const read = () => select(checkoutStore.get());
  const rendered = () => (renderScope() ? select(NO_CHECKOUT) : read());
  return useSyncExternalStore(checkoutStore.subscribe, read, rendered);
}
