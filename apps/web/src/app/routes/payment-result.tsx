import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PAYMENT_RESULT_ORDER_QUERY, PAYMENT_RESULT_QUERY } from '@pictura/contract';
import { checkoutStore } from '../../features/checkout/checkout-store';
import { usePayOrder } from '../../features/checkout/use-pay-order';
import { OrderPaidByBalance } from '../../features/payment/components/order-paid-by-balance';
import { PaymentResultView } from '../../features/payment/components/payment-result';
import { useIsSignedIn } from '../../lib/session';

/**
 * /payment-result (open): where the payment provider sends the shopper back (?payment={id}), and
 * where an order the balance paid whole leads (?order={id}).
 */
export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const signedIn = useIsSignedIn();
  const payAgain = usePayOrder();
  // The stored link has served its purpose once the payment has an outcome.
  const forgetLink = useCallback(() => checkoutStore.clearPaymentLink(), []);
  const paymentId = params.get(PAYMENT_RESULT_QUERY);
  const orderId = Number(params.get(PAYMENT_RESULT_ORDER_QUERY));

  if (paymentId === null && Number.isSafeInteger(orderId) && orderId > 0) {
    return <OrderPaidByBalance orderId={orderId} signedIn={signedIn} onShown={forgetLink} />;
  }
  return (
    <PaymentResultView
      paymentId={paymentId ?? ''}
      signedIn={signedIn}
      payAgain={payAgain}
      onSettled={forgetLink}
    />
  );
}
