import { useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  AdminLatePaymentListSchema,
  type AdminLatePayment,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/admin/payments/late: successes that came after their payment was given up. */
export const getLatePayments = (signal?: AbortSignal): Promise<AdminLatePayment[]> =>
  apiClient.get(adminApiPaths.latePayments, { schema: AdminLatePaymentListSchema, signal });

export const useLatePayments = () =>
  useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'late-payments'],
    queryFn: ({ signal }) => getLatePayments(signal),
    staleTime: 0,
  });
