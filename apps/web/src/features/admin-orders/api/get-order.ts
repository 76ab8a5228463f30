import { useQuery } from '@tanstack/react-query';
import { adminApiPathTo, AdminOrderDetailSchema, type AdminOrderDetail } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/admin/orders/{id}: the order with its payments and their events. */
export const getAdminOrder = (orderId: number, signal?: AbortSignal): Promise<AdminOrderDetail> =>
  apiClient.get(adminApiPathTo.order(orderId), { schema: AdminOrderDetailSchema, signal });

export const useAdminOrder = (orderId: number) =>
  useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'detail', orderId],
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
    staleTime: 0,
  });
