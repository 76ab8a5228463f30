import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateBalance } from '../../lib/api/get-balance';
import { checkoutStore, useCheckoutState } from './checkout-store';
import { endsAttempt, paymentAttempts } from './payment-attempts';
import { paymentNavigation } from './payment-navigation';

/**
 * Runs one payment-starting call under the order-processing flag
 * (docs/product/browser.md#busy-flags): a call while another runs is ignored; on success the link
 * is stored, `onSucceeded` runs (the cart page clears the cart and the cached orders there), and
 * the shopper is sent to the link. A failure is thrown to the form, which shows it; the flag is off
 * again either way.
 *
 * `attempt` names what is being paid (the call and its request as sent): the call gets that
 * attempt's Idempotency-Key (payment-attempts.ts), the same one until the attempt succeeds or the
 * server refuses it as it is, so a retry of a request whose answer was lost never pays twice.
 *
 * An order paid partly by balance took that part when it was created: the balance is invalidated.
 */
export function useStartPayment() {
  const processing = useCheckoutState((state) => state.orderProcessing);
  const queryClient = useQueryClient();

  const start = useCallback(
    async (
      attempt: unknown,
      call: (idempotencyKey: string) => Promise<string>,
      onSucceeded?: (paymentLink: string) => void,
    ): Promise<void> => {
      if (!checkoutStore.begin()) return;
      const key = paymentAttempts.keyFor(attempt);
      try {
        const paymentLink = await call(key);
        paymentAttempts.end(key);
        checkoutStore.setPaymentLink(paymentLink);
        void invalidateBalance(queryClient);
        onSucceeded?.(paymentLink);
        paymentNavigation.open(paymentLink);
      } catch (error) {
        if (endsAttempt(error)) paymentAttempts.end(key);
        throw error;
      } finally {
        checkoutStore.end();
      }
    },
    [queryClient],
  );

  return { start, processing };
}
