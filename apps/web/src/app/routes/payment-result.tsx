import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  PAYMENT_RESULT_ORDER_QUERY,
  PAYMENT_RESULT_QUERY,
  type PaymentStatus,
} from '@pictura/contract';
import { checkoutStore } from '../../features/checkout/checkout-store';
import { depositRetryStore } from '../../features/checkout/deposit-retry-store';
import { useDepositAgain } from '../../features/checkout/use-deposit-again';
import { usePayOrder } from '../../features/checkout/use-pay-order';
import { OrderGiftCardCodes } from '../../features/orders/components/order-gift-card-codes';
import { OrderPaidByBalance } from '../../features/payment/components/order-paid-by-balance';
import { PaymentResultView } from '../../features/payment/components/payment-result';
import { useIsSignedIn } from '../../lib/session';

/** A paid order's gift cards in full, with where to find them again. */
const giftCardCodes = (orderId: number): ReactNode => <OrderGiftCardCodes orderId={orderId} />;

/**
 * /payment-result (open): where the payment provider sends the shopper back (?payment={id}), and
 * where an order the balance paid whole leads (?order={id}).
 */
export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const signedIn = useIsSignedIn();
  const payAgain = usePayOrder();
  const depositAgain = useDepositAgain();
  // The stored link has served its purpose once the payment has an outcome.
  const forgetLink = useCallback(() => checkoutStore.clearPaymentLink(), []);
  // A deposit that went through is not repeated; a failed one is kept for "Try again".
  const forgetSettled = useCallback((status: PaymentStatus) => {
    checkoutStore.clearPaymentLink();
    if (status === 'succeeded') depositRetryStore.forget();
  }, []);
  const paymentId = params.get(PAYMENT_RESULT_QUERY);
  const orderId = Number(params.get(PAYMENT_RESULT_ORDER_QUERY));

  if (paymentId === null && Number.isSafeInteger(orderId) && orderId > 0) {
    return (
      <OrderPaidByBalance
        orderId={orderId}
        signedIn={signedIn}
        onShown={forgetLink}
        paidOrderDetails={giftCardCodes}
      />
    );
  }
  return (
    <PaymentResultView
      paymentId={paymentId ?? ''}
      signedIn={signedIn}
      payAgain={payAgain}
      depositAgain={depositAgain}
      onSettled={forgetSettled}
      paidOrderDetails={giftCardCodes}
    />
  );
}
