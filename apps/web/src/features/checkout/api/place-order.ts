import { apiPaths, type OrderRequest } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { paymentLinkOptions } from '../payment-link-options';

/** POST /api/orders: answers the link to pay at. */
export async function placeOrder(request: OrderRequest, idempotencyKey: string): Promise<string> {
  const { paymentLink } = await apiClient.post(
    apiPaths.orders,
    request,
    paymentLinkOptions(idempotencyKey),
  );
  return paymentLink;
}
