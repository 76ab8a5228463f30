import { useCallback } from 'react';
import { checkoutStore, useCheckoutState } from './checkout-store';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { paymentNavigation } from './payment-navigation';

/**
 * Runs one payment-starting call under the order-processing flag (seed-spec section 4): a call
 * while another runs is ignored; on success the link is stored, `onSucceeded` runs (the cart page
 * clears the cart and the cached orders there), and the shopper is sent to the link. A failure is
 * thrown to the form, which shows it; the flag is off again either way.
 */
export function useStartPayment() {
  const processing = useCheckoutState((state) => state.orderProcessing);

  const start = useCallback(
    async (
      call: (idempotencyKey: string) => Promise<string>,
      onSucceeded?: (paymentLink: string) => void,
    ): Promise<void> => {
      if (!checkoutStore.begin()) return;
      try {
        const paymentLink = await call(newIdempotencyKey());
        checkoutStore.setPaymentLink(paymentLink);
        onSucceeded?.(paymentLink);
        paymentNavigation.open(paymentLink);
      } finally {
        checkoutStore.end();
      }
    },
    [],
  );

  return { start, processing };
}
