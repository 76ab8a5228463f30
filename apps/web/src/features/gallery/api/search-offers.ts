import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { firstViewApiPaths, type SearchOffersResponse } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import type { OfferSearch } from '../filters';

/** GET /api/offers?Sort&Orientation&Style&From&To&Currency (+ Category, Search, Page, PageSize). */
export const searchOffers = (
  search: OfferSearch,
  page: number,
  signal?: AbortSignal,
): Promise<SearchOffersResponse> =>
  // Not parsed by zod here: the first view loads no zod
  // (docs/decisions/performance/no-zod-in-the-first-views.md).
  apiClient.get<SearchOffersResponse>(firstViewApiPaths.offers, {
    query: { ...search, Page: page },
    signal,
  });

const nextPageOf = (last: SearchOffersResponse): number | undefined =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

// The whole search, currency included, is the key: another currency is another list of prices.
export const getSearchOffersQueryOptions = (search: OfferSearch, firstPage = 1) =>
  infiniteQueryOptions({
    queryKey: ['offers', 'search', search, firstPage] as const,
    queryFn: ({ pageParam, signal }) => searchOffers(search, pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: nextPageOf,
  });

/**
 * "Load more" paging. While another filter's results load, the previous ones stay on screen (dimmed
 * by the caller), but never across a currency switch: old prices in the old currency would mislead.
 */
export const useSearchOffers = (search: OfferSearch, firstPage: number) =>
  useInfiniteQuery({
    ...getSearchOffersQueryOptions(search, firstPage),
    placeholderData: (previous, previousQuery) => {
      const previousSearch = previousQuery?.queryKey[2];
      return previousSearch?.Currency === search.Currency ? previous : undefined;
    },
  });
