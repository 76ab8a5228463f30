import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstViewApiPaths, type Category } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/categories: every category with its names in en, es and ja. */
export const getCategories = (signal?: AbortSignal): Promise<Category[]> =>
  // Not parsed by zod here: the first view loads no zod
  // (docs/decisions/performance/no-zod-in-the-first-views.md).
  apiClient.get<Category[]>(firstViewApiPaths.categories, { signal });

// The names of every language come in one answer, so the key does not hold the language.
export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    // Categories change with a deployment at most.
    staleTime: 10 * 60_000,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
