import {
  apiPathTo,
  apiPaths,
  PaymentLinkResponseSchema,
  type DepositRequest,
  type OrderRequest,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { depositRetryStore } from '../deposit-retry-store';

/** The three calls that start a payment; each answers the link to pay at. */

const moneyOptions = (idempotencyKey: string) => ({
  schema: PaymentLinkResponseSchema,
  headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
});

/** POST /api/orders. */
export async function placeOrder(request: OrderRequest, idempotencyKey: string): Promise<string> {
  const { paymentLink } = await apiClient.post(
    apiPaths.orders,
    request,
    moneyOptions(idempotencyKey),
  );
  return paymentLink;
}

/** POST /api/balance/deposit; a started deposit is remembered for "Try again". */
export async function startDeposit(
  request: DepositRequest,
  idempotencyKey: string,
): Promise<string> {
  const { paymentLink } = await apiClient.post(
    apiPaths.balanceDeposit,
    request,
    moneyOptions(idempotencyKey),
  );
  depositRetryStore.remember(request);
  return paymentLink;
}

/** POST /api/orders/{id}/pay: a new payment for a pending or failed order. */
export async function payOrderAgain(orderId: number, idempotencyKey: string): Promise<string> {
  const { paymentLink } = await apiClient.post(
    apiPathTo.orderPay(orderId),
    undefined,
    moneyOptions(idempotencyKey),
  );
  return paymentLink;
}
