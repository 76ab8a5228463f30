import { useQueries } from '@tanstack/react-query';
import { CURRENCIES } from '@pictura/contract';
import { balanceQueryOptions } from '../../lib/api/get-balance';
import { useCurrency } from '../../lib/currency';

/**
 * The balance in every currency, the chosen one first; read afresh whenever the wallet opens. The
 * queries are the header's and the checkout's, so what the wallet shows is what they show.
 */
export function useBalances() {
  const active = useCurrency();
  const ordered = [active, ...CURRENCIES.filter((currency) => currency !== active)];
  return useQueries({
    queries: ordered.map((currency) => balanceQueryOptions(currency)),
  }).map((query, index) => ({ currency: ordered[index] ?? active, ...query }));
}
