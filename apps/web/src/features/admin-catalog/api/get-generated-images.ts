import { useQuery } from '@tanstack/react-query';
import { apiPaths, GenerationJobListSchema, type GenerationJobList } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_CATALOG_QUERY_KEY } from './get-admin-offers';

/** GET /api/generated-images: the admin's own generations, to make an offer of one of them. */
export const getGeneratedImages = (signal?: AbortSignal): Promise<GenerationJobList> =>
  apiClient.get(apiPaths.generatedImages, { schema: GenerationJobListSchema, signal });

/** The first page is enough to pick from. */
export const useMyGeneratedPictures = () =>
  useQuery({
    queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'generated'],
    queryFn: ({ signal }) => getGeneratedImages(signal),
  });
