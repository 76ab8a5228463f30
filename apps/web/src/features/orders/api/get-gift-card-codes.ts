import { useQuery } from '@tanstack/react-query';
import { apiPathTo, OrderGiftCardCodeListSchema, type OrderGiftCardCode } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/orders/{orderId}/gift-card-codes: the full codes of the order's unredeemed cards. */
export const getGiftCardCodes = (
  orderId: number,
  signal?: AbortSignal,
): Promise<OrderGiftCardCode[]> =>
  apiClient.get(apiPathTo.orderGiftCardCodes(orderId), {
    schema: OrderGiftCardCodeListSchema,
    signal,
  });

/**
 * An order's codes, asked for only when `enabled` (a "show code" press, or the payment result of a
 * paid order). Under the orders key, so whatever removes the cached orders removes them too; never
 * kept once no one shows them.
 */
export function useGiftCardCodes(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, orderId, 'gift-card-codes'],
    queryFn: ({ signal }) => getGiftCardCodes(orderId, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
