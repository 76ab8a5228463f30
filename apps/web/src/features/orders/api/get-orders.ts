import { useQuery } from '@tanstack/react-query';
import { apiPaths, OrderListSchema, type Order } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * The cached orders; checkout removes this query after a new order
 * (docs/product/browser.md#cart-and-gift-card).
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** GET /api/orders: the signed-in user's orders, newest first. */
export const getOrders = (signal?: AbortSignal): Promise<Order[]> =>
  apiClient.get(apiPaths.orders, { schema: OrderListSchema, signal });

/** Always fetched afresh when the page opens: a payment may have finished in the meantime. */
export function useOrders() {
  return useQuery({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => getOrders(signal),
    staleTime: 0,
  });
}
