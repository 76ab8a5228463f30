import { useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  adminApiPathTo,
  AdminOtherCurrencyReversalListSchema,
  AdminOtherCurrencyReversalSchema,
  type AdminOtherCurrencyReversal,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/admin/payments/other-currency-reversals: those waiting first, then the settled. */
export const useOtherCurrencyReversals = () =>
  useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'other-currency-reversals'],
    queryFn: ({ signal }): Promise<AdminOtherCurrencyReversal[]> =>
      apiClient.get(adminApiPaths.otherCurrencyReversals, {
        schema: AdminOtherCurrencyReversalListSchema,
        signal,
      }),
    staleTime: 0,
  });

/**
 * POST …/{reversalId}/settle: marks it settled. The server settles once and answers the row again
 * on a second press, so no key is needed.
 */
export const settleOtherCurrencyReversal = (
  reversalId: number,
): Promise<AdminOtherCurrencyReversal> =>
  apiClient.post(adminApiPathTo.otherCurrencyReversalSettle(reversalId), undefined, {
    schema: AdminOtherCurrencyReversalSchema,
  });
