import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  AdminOrderListSchema,
  type AdminOrderList,
  type AdminOrderQuery,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** Every admin orders query starts with this, so a refund can invalidate them all. */
export const ADMIN_ORDERS_QUERY_KEY = ['admin', 'orders'] as const;

export type AdminOrderFilters = Partial<AdminOrderQuery>;

/** GET /api/admin/orders with the filters as the API spells them. */
export const getAdminOrders = (
  filters: AdminOrderFilters,
  signal?: AbortSignal,
): Promise<AdminOrderList> =>
  apiClient.get(adminApiPaths.orders, { query: filters, schema: AdminOrderListSchema, signal });

/** The page stays on screen while the next one loads, so paging does not jump. */
export const useAdminOrders = (filters: AdminOrderFilters) =>
  useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) => getAdminOrders(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
