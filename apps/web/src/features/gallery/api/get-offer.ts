import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { apiPaths, type Currency, type OfferDetail } from '@pictura/contract';
import { ApiError, apiClient } from '../../../lib/api-client';
import { getCurrency, useCurrency } from '../../../lib/currency';
import { prefetched } from '../../../lib/route-prefetch';
import { preloadDetailPreview } from '../preview-sources';

/** GET /api/offers/get-one?UrlName&Currency: one offer with its variants priced in that currency. */
export const getOffer = (
  urlName: string,
  currency: Currency,
  signal?: AbortSignal,
): Promise<OfferDetail> =>
  // Not parsed by zod here: the first view loads no zod (docs/decisions/performance.md, "No zod
  // in the first views").
  apiClient.get<OfferDetail>(apiPaths.offersGetOne, {
    query: { UrlName: urlName, Currency: currency },
    signal,
  });

export const getOfferQueryOptions = (urlName: string, currency: Currency) =>
  queryOptions({
    queryKey: ['offers', 'detail', urlName, currency],
    queryFn: ({ signal }) => getOffer(urlName, currency, signal),
  });

export const useOffer = (urlName: string) => useQuery(getOfferQueryOptions(urlName, useCurrency()));

/**
 * The picture page's route loader: asks for the offer while the page's code is still loading and,
 * once it is in, for its preview (the page's largest paint), instead of one after the other.
 * The page shows its own loading and error states from the query (see lib/route-prefetch.ts).
 */
export const prefetchOffer =
  (queryClient: QueryClient): LoaderFunction =>
  ({ params }) => {
    const options = getOfferQueryOptions(params.urlName ?? '', getCurrency());
    const cached = queryClient.getQueryData(options.queryKey);
    if (!params.urlName || cached) return null;
    // A failure is the page's to show (prefetchQuery never rejects): nothing to preload then.
    return prefetched(
      queryClient.prefetchQuery(options).then(() => {
        const offer = queryClient.getQueryData(options.queryKey);
        if (offer) preloadDetailPreview(offer.image);
      }),
    );
  };

/** The server answers 404 for a name that does not exist or is not published. */
export const isOfferNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
