import { useCallback, useState } from 'react';
import { payOrderAgain } from './api/pay-order-again';
import { useStartPayment } from './use-start-payment';

/**
 * "Pay now" / "Try again" for a pending or failed order: a new payment link for the same order
 * (POST /api/orders/{id}/pay), opened like the first one, under the same order-processing flag.
 */
export function usePayOrder() {
  const { start, processing } = useStartPayment();
  const [failure, setFailure] = useState<{ orderId: number; error: unknown } | null>(null);

  const pay = useCallback(
    (orderId: number) => {
      setFailure(null);
      start({ payAgain: orderId }, (key) => payOrderAgain(orderId, key)).catch((error: unknown) =>
        setFailure({ orderId, error }),
      );
    },
    [start],
  );

  return { pay, processing, failure };
}
