import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { getCurrency } from '../../lib/currency';
import { offerSearchFor, readFilters } from './filters';
import { getCategoriesQueryOptions } from './api/get-categories';
import { getSearchOffersQueryOptions } from './api/search-offers';

/**
 * The gallery's route loader (all categories or one): asks for the categories and the first page
 * of results while the page's code is still loading, so the page's first render already has them.
 * It returns at once; the page shows its own loading and error states from the queries.
 */
export const prefetchGallery =
  (queryClient: QueryClient): LoaderFunction =>
  ({ request, params }) => {
    const filters = readFilters(new URL(request.url).searchParams);
    const search = offerSearchFor(filters, getCurrency(), params.categoryName ?? null);
    void queryClient.prefetchQuery(getCategoriesQueryOptions());
    void queryClient.prefetchInfiniteQuery(getSearchOffersQueryOptions(search));
    return null;
  };
