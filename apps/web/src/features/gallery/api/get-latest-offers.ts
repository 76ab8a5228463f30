import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { firstViewApiPaths, type Currency, type OfferSummary } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { getCurrency, useCurrency } from '../../../lib/currency';
import { prefetched } from '../../../lib/route-prefetch';

/** GET /api/offers/latest?Currency: the newest published offers, priced in that currency. */
export const getLatestOffers = (
  currency: Currency,
  signal?: AbortSignal,
): Promise<OfferSummary[]> =>
  // Not parsed by zod here: the first view loads no zod
  // (docs/decisions/performance/no-zod-in-the-first-views.md).
  apiClient.get<OfferSummary[]>(firstViewApiPaths.offersLatest, {
    query: { Currency: currency },
    signal,
  });

// The currency is part of the key: switching it fetches the prices in the new currency.
export const getLatestOffersQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: ['offers', 'latest', currency],
    queryFn: ({ signal }) => getLatestOffers(currency, signal),
  });

export const useLatestOffers = () => useQuery(getLatestOffersQueryOptions(useCurrency()));

/**
 * The home page's route loader: asks for the newest offers while the page's code is still loading,
 * so the page's first render already has them; the page shows its own states (lib/route-prefetch.ts).
 */
export const prefetchLatestOffers =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetched(queryClient.prefetchQuery(getLatestOffersQueryOptions(getCurrency())));
