import { useQueries } from '@tanstack/react-query';
import {
  apiPaths,
  BalanceResponseSchema,
  CURRENCIES,
  type BalanceResponse,
  type Currency,
} from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/currency';

/** Balance queries and the ledger history share this prefix, so one invalidation refreshes all. */
export const WALLET_QUERY_KEY = ['balance'] as const;

/**
 * POST /api/balance for one currency; null when that fails, as the account store keeps it (seed-spec
 * section 4). The chosen currency goes through the account store, so the checkout sees it too.
 */
export function getBalance(currency: Currency, active: Currency): Promise<BalanceResponse | null> {
  if (currency === active) return accountStore.loadBalance(currency);
  return apiClient
    .post(apiPaths.balance, { currency }, { schema: BalanceResponseSchema })
    .catch(() => null);
}

/** The balance in every currency, the chosen one first; fetched afresh whenever the wallet opens. */
export function useBalances() {
  const active = useCurrency();
  const ordered = [active, ...CURRENCIES.filter((currency) => currency !== active)];
  return useQueries({
    queries: ordered.map((currency) => ({
      queryKey: [...WALLET_QUERY_KEY, currency],
      queryFn: () => getBalance(currency, active),
      staleTime: 0,
    })),
  }).map((query, index) => ({ currency: ordered[index] ?? active, ...query }));
}
