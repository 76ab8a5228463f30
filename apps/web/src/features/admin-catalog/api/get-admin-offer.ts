import { useQuery } from '@tanstack/react-query';
import { adminApiPaths, AdminOfferSchema, withId, type AdminOffer } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_CATALOG_QUERY_KEY } from './get-admin-offers';

/** GET /api/admin/catalog/offers/{id}. */
export const getAdminOffer = (id: number, signal?: AbortSignal): Promise<AdminOffer> =>
  apiClient.get(withId(adminApiPaths.catalogOffer, id), { schema: AdminOfferSchema, signal });

export const useAdminOffer = (id: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'offer', id],
    queryFn: ({ signal }) => getAdminOffer(id ?? 0, signal),
    enabled: id !== undefined,
    staleTime: 0,
  });
