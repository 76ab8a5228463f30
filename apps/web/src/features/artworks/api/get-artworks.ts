import { useQuery } from '@tanstack/react-query';
import { apiPaths, PurchasedArtworkListSchema, type PurchasedArtwork } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/artworks: what the signed-in user has bought and may download. */
export const getArtworks = (signal?: AbortSignal): Promise<PurchasedArtwork[]> =>
  apiClient.get(apiPaths.artworks, { schema: PurchasedArtworkListSchema, signal });

export const ARTWORKS_QUERY_KEY = ['artworks'] as const;

export const useArtworks = () =>
  useQuery({
    queryKey: ARTWORKS_QUERY_KEY,
    queryFn: ({ signal }) => getArtworks(signal),
    staleTime: 0,
  });
