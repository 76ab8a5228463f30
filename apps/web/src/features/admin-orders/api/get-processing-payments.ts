import { useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  AdminProcessingPaymentListSchema,
  type AdminProcessingPayment,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/admin/payments/processing: bank debits under way for longer than expected. */
export const getProcessingPayments = (signal?: AbortSignal): Promise<AdminProcessingPayment[]> =>
  apiClient.get(adminApiPaths.processingPayments, {
    schema: AdminProcessingPaymentListSchema,
    signal,
  });

export const useProcessingPayments = () =>
  useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'processing-payments'],
    queryFn: ({ signal }) => getProcessingPayments(signal),
    staleTime: 0,
  });
