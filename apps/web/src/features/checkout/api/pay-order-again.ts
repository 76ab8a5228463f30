import { apiPathTo } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { paymentLinkOptions } from '../payment-link-options';

/** POST /api/orders/{id}/pay: a new payment link for a pending or failed order. */
export async function payOrderAgain(orderId: number, idempotencyKey: string): Promise<string> {
  const { paymentLink } = await apiClient.post(
    apiPathTo.orderPay(orderId),
    undefined,
    paymentLinkOptions(idempotencyKey),
  );
  return paymentLink;
}
