import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths, AdminOfferListSchema, type AdminOfferList } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** The prefix of every catalog back-office query; every catalog call is admin-only on the server. */
export const ADMIN_CATALOG_QUERY_KEY = ['admin', 'catalog'] as const;

/** GET /api/admin/catalog/offers?Search&Page. */
export const getAdminOffers = (
  query: { search: string; page: number },
  signal?: AbortSignal,
): Promise<AdminOfferList> =>
  apiClient.get(adminApiPaths.catalogOffers, {
    query: { Search: query.search || undefined, Page: query.page },
    schema: AdminOfferListSchema,
    signal,
  });

export const useAdminOffers = (query: { search: string; page: number }) =>
  useQuery(
    queryOptions({
      queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'offers', query],
      queryFn: ({ signal }) => getAdminOffers(query, signal),
      staleTime: 0,
      // The table stays while the next search or page loads, so focus and position are kept.
      placeholderData: keepPreviousData,
    }),
  );
