import { useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  AdminPaymentReversalListSchema,
  type AdminPaymentReversal,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/admin/payments/reversals: disputes and refunds made at the provider. */
export const getPaymentReversals = (signal?: AbortSignal): Promise<AdminPaymentReversal[]> =>
  apiClient.get(adminApiPaths.paymentReversals, { schema: AdminPaymentReversalListSchema, signal });

export const usePaymentReversals = () =>
  useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'payment-reversals'],
    queryFn: ({ signal }) => getPaymentReversals(signal),
    staleTime: 0,
  });
