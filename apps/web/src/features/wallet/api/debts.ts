import { useQuery } from '@tanstack/react-query';
import { apiPaths, BalanceDebtListSchema, type BalanceDebt } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from './balances';

/** GET /api/balance/debt: what is owed per currency after a dispute or a provider refund. */
export const getDebts = (signal?: AbortSignal): Promise<BalanceDebt[]> =>
  apiClient.get(apiPaths.balanceDebt, { schema: BalanceDebtListSchema, signal });

/** Under the wallet's key, so a deposit or a redeemed gift card refreshes it with the balances. */
export const useDebts = () =>
  useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'debt'],
    queryFn: ({ signal }) => getDebts(signal),
    staleTime: 0,
  });
