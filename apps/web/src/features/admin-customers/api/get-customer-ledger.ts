import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  adminApiPathTo,
  LedgerHistorySchema,
  type Currency,
  type LedgerHistory,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_CUSTOMERS_QUERY_KEY } from './search-customers';

/** GET /api/admin/customers/{id}/ledger?Currency[&Before]: newest first, a page per call. */
export const getCustomerLedger = (
  customerId: string,
  currency: Currency,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<LedgerHistory> =>
  apiClient.get(adminApiPathTo.customerLedger(customerId), {
    query: { Currency: currency, Before: before },
    schema: LedgerHistorySchema,
    signal,
  });

export const useCustomerLedger = (customerId: string, currency: Currency) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...ADMIN_CUSTOMERS_QUERY_KEY, 'ledger', customerId, currency] as const,
      queryFn: ({ pageParam, signal }) =>
        getCustomerLedger(customerId, currency, pageParam, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last: LedgerHistory) => last.nextBefore ?? undefined,
      staleTime: 0,
    }),
  );
