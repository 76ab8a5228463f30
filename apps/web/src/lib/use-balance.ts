import { useEffect } from 'react';
import type { BalanceResponse, Currency } from '@pictura/contract';
import { accountStore, useAccount } from './account-store';

export type BalanceState =
  | { status: 'loading' }
  | { status: 'unavailable'; retry: () => void }
  | { status: 'ready'; balance: BalanceResponse };

/**
 * The balance in `currency` from the account store, fetched when the form opens and when the
 * currency changes. The store sets it to null when fetching fails (seed-spec section 4).
 */
export function useBalanceIn(currency: Currency): BalanceState {
  const balance = useAccount((state) => state.balance);
  const loading = useAccount((state) => state.loading.balance);
  useEffect(() => {
    void accountStore.loadBalance(currency);
  }, [currency]);
  if (balance?.currency === currency) return { status: 'ready', balance };
  if (loading) return { status: 'loading' };
  return { status: 'unavailable', retry: () => void accountStore.loadBalance(currency) };
}
