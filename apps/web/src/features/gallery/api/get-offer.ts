import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { firstViewApiPaths, type Currency, type OfferDetail } from '@pictura/contract';
import { ApiError, apiClient } from '../../../lib/api-client';
import { getCurrency, useCurrency } from '../../../lib/currency';
import { prefetched } from '../../../lib/route-prefetch';
import { preloadDetailPreview } from '../preview-sources';
import { getCategoriesQueryOptions } from './get-categories';

/** GET /api/offers/get-one?UrlName&Currency: one offer with its variants priced in that currency. */
export const getOffer = (
  urlName: string,
  currency: Currency,
  signal?: AbortSignal,
): Promise<OfferDetail> =>
  // Not parsed by zod here: the first view loads no zod
  // (docs/decisions/performance/no-zod-in-the-first-views.md).
  apiClient.get<OfferDetail>(firstViewApiPaths.offersGetOne, {
    query: { UrlName: urlName, Currency: currency },
    signal,
  });

export const getOfferQueryOptions = (urlName: string, currency: Currency) =>
  queryOptions({
    queryKey: ['offers', 'detail', urlName, currency],
    queryFn: ({ signal }) => getOffer(urlName, currency, signal),
  });

export function useOffer(urlName: string) {
  const options = getOfferQueryOptions(urlName, useCurrency());
  // A picture already answered 404 (by the server render, whose answers the page hands over) is
  // not asked for again as the page mounts: a query that would be is drawn as loading, so the
  // server's HTML would hold a skeleton instead of the 404 page. Other failures are asked again.
  const missing = isOfferNotFound(useQueryClient().getQueryState(options.queryKey)?.error);
  return useQuery({ ...options, retryOnMount: !missing });
}

/**
 * The picture page's route loader: asks for the offer while the page's code is still loading and,
 * once it is in, for its preview (the page's largest paint), instead of one after the other; and
 * for the categories, whose name in the page's language the breadcrumbs and structured data show.
 * The page shows its own loading and error states from the query (see lib/route-prefetch.ts).
 */
export const prefetchOffer =
  (queryClient: QueryClient): LoaderFunction =>
  ({ params }) => {
    const categories = queryClient.prefetchQuery(getCategoriesQueryOptions());
    const options = getOfferQueryOptions(params.urlName ?? '', getCurrency());
    const cached = queryClient.getQueryData(options.queryKey);
    if (!params.urlName || cached) return prefetched(categories);
    // A failure is the page's to show (prefetchQuery never rejects): nothing to preload then.
    const offer = queryClient.prefetchQuery(options).then(() => {
      const data = queryClient.getQueryData(options.queryKey);
      if (data) preloadDetailPreview(data.image);
    });
    return prefetched(Promise.all([categories, offer]));
  };

/** The server answers 404 for a name that does not exist or is not published. */
export const isOfferNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
