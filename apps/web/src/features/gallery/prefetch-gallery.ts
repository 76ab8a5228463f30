import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { getCurrency } from '../../lib/currency';
import { prefetched } from '../../lib/route-prefetch';
import { offerSearchFor, readFilters, readFirstPage } from './filters';
import { getCategoriesQueryOptions } from './api/get-categories';
import { getSearchOffersQueryOptions } from './api/search-offers';

/**
 * The gallery's route loader (all categories or one): asks for the categories and the first page
 * of results while the page's code is still loading, so the page's first render already has them.
 * The page shows its own loading and error states from the queries (see lib/route-prefetch.ts).
 */
export const prefetchGallery =
  (queryClient: QueryClient): LoaderFunction =>
  ({ request, params }) => {
    const { searchParams } = new URL(request.url);
    const filters = readFilters(searchParams);
    const firstPage = readFirstPage(searchParams);
    const search = offerSearchFor(filters, getCurrency(), params.categoryName ?? null);
    return prefetched(
      Promise.all([
        queryClient.prefetchQuery(getCategoriesQueryOptions()),
        queryClient.prefetchInfiniteQuery(getSearchOffersQueryOptions(search, firstPage)),
      ]),
    );
  };
