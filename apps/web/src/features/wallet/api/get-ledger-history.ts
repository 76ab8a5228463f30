import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  apiPaths,
  LedgerHistorySchema,
  type Currency,
  type LedgerHistory,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { balanceKeys } from '../../../lib/query-keys';

/** GET /api/balance/history?Currency[&Before]: newest first, one page per call. */
export const getLedgerHistory = (
  currency: Currency,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<LedgerHistory> =>
  apiClient.get(apiPaths.balanceHistory, {
    query: { Currency: currency, Before: before },
    schema: LedgerHistorySchema,
    signal,
  });

export const getLedgerHistoryQueryOptions = (currency: Currency) =>
  infiniteQueryOptions({
    queryKey: [...balanceKeys.all, 'history', currency] as const,
    queryFn: ({ pageParam, signal }) => getLedgerHistory(currency, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: LedgerHistory) => last.nextBefore ?? undefined,
    staleTime: 0,
  });

export const useLedgerHistory = (currency: Currency) =>
  useInfiniteQuery(getLedgerHistoryQueryOptions(currency));
