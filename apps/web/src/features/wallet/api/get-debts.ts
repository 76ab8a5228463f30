import { useQuery } from '@tanstack/react-query';
import { apiPaths, BalanceDebtListSchema, type BalanceDebt } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { balanceKeys } from '../../../lib/query-keys';

/** GET /api/balance/debt: what is owed per currency after a dispute or a provider refund. */
export const getDebts = (signal?: AbortSignal): Promise<BalanceDebt[]> =>
  apiClient.get(apiPaths.balanceDebt, { schema: BalanceDebtListSchema, signal });

/** Under the balance's key, so every money movement refreshes it with the balances. */
export const useDebts = () =>
  useQuery({
    queryKey: [...balanceKeys.all, 'debt'],
    queryFn: ({ signal }) => getDebts(signal),
    staleTime: 0,
  });
