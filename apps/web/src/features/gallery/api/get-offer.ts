import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, OfferDetailSchema, type Currency, type OfferDetail } from '@pictura/contract';
import { ApiError, apiClient } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/currency';

/** GET /api/offers/get-one?UrlName&Currency: one offer with its variants priced in that currency. */
export const getOffer = (
  urlName: string,
  currency: Currency,
  signal?: AbortSignal,
): Promise<OfferDetail> =>
  apiClient.get(apiPaths.offersGetOne, {
    query: { UrlName: urlName, Currency: currency },
    schema: OfferDetailSchema,
    signal,
  });

export const getOfferQueryOptions = (urlName: string, currency: Currency) =>
  queryOptions({
    queryKey: ['offers', 'detail', urlName, currency],
    queryFn: ({ signal }) => getOffer(urlName, currency, signal),
  });

export const useOffer = (urlName: string) => useQuery(getOfferQueryOptions(urlName, useCurrency()));

/** The server answers 404 for a name that does not exist or is not published. */
export const isOfferNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
