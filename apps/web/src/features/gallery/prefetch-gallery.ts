import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunction } from 'react-router';
import { getCurrency } from '../../lib/currency';
import { prefetched } from '../../lib/route-prefetch';
import { offerSearchFor, readFilters, readFirstPage } from './filters';
import { getCategoriesQueryOptions } from './api/get-categories';
import { getSearchOffersQueryOptions } from './api/search-offers';

/**
 * The gallery's route loader (all categories or one): asks for the categories and the first page
 * of results while the page's code is still loading, so the page's first render already has them.
 * The page shows its own loading and error states from the queries (see lib/route-prefetch.ts).
 * On the server, a page past the last one (`?page=` beyond the results) answers 404: it does not
 * exist, and a crawler following old paging links should drop it rather than index an empty page.
 */
export const prefetchGallery =
  (queryClient: QueryClient): LoaderFunction =>
  ({ request, params }) => {
    const { searchParams } = new URL(request.url);
    const currency = getCurrency();
    const filters = readFilters(searchParams, currency);
    const firstPage = readFirstPage(searchParams);
    const search = offerSearchFor(filters, currency, params.categoryName ?? null);
    const results = getSearchOffersQueryOptions(search, firstPage);
    const started = Promise.all([
      queryClient.prefetchQuery(getCategoriesQueryOptions()),
      queryClient.prefetchInfiniteQuery(results),
    ]);
    if (!import.meta.env.SSR || firstPage === 1) return prefetched(started);
    return started.then(() => {
      const found = queryClient.getQueryData(results.queryKey)?.pages[0];
      return found?.items.length === 0 ? data(null, { status: 404 }) : null;
    });
  };
