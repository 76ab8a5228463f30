import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  apiPaths,
  GenerationJobListSchema,
  type GenerationJob,
  type GenerationJobList,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/generated-images[?Before]: the signed-in user's generations, newest first. */
export const getGenerations = (
  before: string | undefined,
  signal?: AbortSignal,
): Promise<GenerationJobList> =>
  apiClient.get(apiPaths.generatedImages, {
    query: { Before: before },
    schema: GenerationJobListSchema,
    signal,
  });

export const GENERATIONS_QUERY_KEY = ['generations'] as const;

export const getGenerationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: GENERATIONS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getGenerations(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: GenerationJobList) => last.nextBefore ?? undefined,
    staleTime: 0,
  });

export const useGenerations = () => useInfiniteQuery(getGenerationsQueryOptions());

/**
 * Puts a generation's newest state into the cached list, so a job that finished while the page
 * followed it shows as finished without fetching the list again.
 */
export function updateCachedGeneration(queryClient: QueryClient, job: GenerationJob): void {
  queryClient.setQueryData<InfiniteData<GenerationJobList, string | undefined>>(
    GENERATIONS_QUERY_KEY,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === job.id ? job : item)),
        })),
      },
  );
}
