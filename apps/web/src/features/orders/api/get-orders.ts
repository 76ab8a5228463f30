import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPaths, OrderListSchema, type Order } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** The cached orders; checkout removes this query after a new order (seed-spec section 4). */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** GET /api/orders: the signed-in user's orders, newest first. */
export const getOrders = (signal?: AbortSignal): Promise<Order[]> =>
  apiClient.get(apiPaths.orders, { schema: OrderListSchema, signal });

/**
 * A gift card's code comes once, in the first answer after payment. A refetch while the page is
 * open must not take it off the screen before it was copied, so codes already received stay
 * with their card (in memory only, for as long as the list is cached).
 */
export function keepReceivedCodes(fresh: Order[], previous: Order[] | undefined): Order[] {
  if (!previous) return fresh;
  const before = new Map(previous.map((order) => [order.id, order]));
  return fresh.map((order) => {
    const old = before.get(order.id);
    if (!old || order.giftCards.every((card) => card.code !== null)) return order;
    return {
      ...order,
      giftCards: order.giftCards.map((card, index) => ({
        ...card,
        code: card.code ?? old.giftCards[index]?.code ?? null,
      })),
    };
  });
}

async function fetchOrders(queryClient: QueryClient, signal: AbortSignal): Promise<Order[]> {
  const fresh = await getOrders(signal);
  return keepReceivedCodes(fresh, queryClient.getQueryData<Order[]>(ORDERS_QUERY_KEY));
}

/** Always fetched afresh when the page opens: a payment may have finished in the meantime. */
export function useOrders() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchOrders(queryClient, signal),
    staleTime: 0,
  });
}
