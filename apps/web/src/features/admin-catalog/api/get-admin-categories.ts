import { useQuery } from '@tanstack/react-query';
import { adminApiPaths, AdminCategoryListSchema, type AdminCategory } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_CATALOG_QUERY_KEY } from './get-admin-offers';

/** GET /api/admin/catalog/categories. */
export const getAdminCategories = (signal?: AbortSignal): Promise<AdminCategory[]> =>
  apiClient.get(adminApiPaths.catalogCategories, { schema: AdminCategoryListSchema, signal });

export const useAdminCategories = () =>
  useQuery({
    queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'categories'],
    queryFn: ({ signal }) => getAdminCategories(signal),
    staleTime: 0,
  });
