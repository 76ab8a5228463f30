import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, OfferListSchema, type Currency, type OfferSummary } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/currency';

/** GET /api/offers/latest?Currency: the newest published offers, priced in that currency. */
export const getLatestOffers = (
  currency: Currency,
  signal?: AbortSignal,
): Promise<OfferSummary[]> =>
  apiClient.get(apiPaths.offersLatest, {
    query: { Currency: currency },
    schema: OfferListSchema,
    signal,
  });

// The currency is part of the key: switching it fetches the prices in the new currency.
export const getLatestOffersQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: ['offers', 'latest', currency],
    queryFn: ({ signal }) => getLatestOffers(currency, signal),
  });

export const useLatestOffers = () => useQuery(getLatestOffersQueryOptions(useCurrency()));
