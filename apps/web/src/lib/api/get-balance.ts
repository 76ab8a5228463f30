import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { firstViewApiPaths, type BalanceResponse, type Currency } from '@pictura/contract';
import { apiClient } from '../api-client';
import { balanceKeys } from '../query-keys';
import { useIsSignedIn } from '../session';

/**
 * POST /api/balance for one currency; null when that fails (docs/product/browser.md#account-state).
 * Not parsed by zod: the header shows it on every first view, and the first view loads no zod.
 */
export const getBalance = (currency: Currency): Promise<BalanceResponse | null> =>
  apiClient.post<BalanceResponse>(firstViewApiPaths.balance, { currency }).catch(() => null);

export const balanceQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: balanceKeys.of(currency),
    queryFn: () => getBalance(currency),
    // Read afresh whenever a view that shows it opens: a payment may have landed meanwhile.
    staleTime: 0,
  });

/**
 * What changes the balance (a deposit, a paid or given-back order, a redeemed gift card, a charged
 * or refunded generation) calls this once the server has answered: every view of a balance, the
 * wallet's history and debts included, reads it again.
 */
export const invalidateBalance = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: balanceKeys.all });

export type BalanceState =
  | { status: 'loading' }
  | { status: 'unavailable'; retry: () => void }
  | { status: 'ready'; balance: BalanceResponse };

/** The balance in `currency`, for views that show it beside a price or in the header. */
export function useBalanceIn(currency: Currency): BalanceState {
  const query = useQuery({ ...balanceQueryOptions(currency), enabled: useIsSignedIn() });
  if (query.data) return { status: 'ready', balance: query.data };
  if (query.isFetching) return { status: 'loading' };
  return { status: 'unavailable', retry: () => void query.refetch() };
}
