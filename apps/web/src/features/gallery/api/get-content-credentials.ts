import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, ContentCredentialsSchema, type ContentCredentials } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/offers/content-credentials?UrlName: what the picture's C2PA manifest says. */
export const getContentCredentials = (
  urlName: string,
  signal?: AbortSignal,
): Promise<ContentCredentials> =>
  apiClient.get(apiPaths.offerContentCredentials, {
    query: { UrlName: urlName },
    schema: ContentCredentialsSchema,
    signal,
  });

export const getContentCredentialsQueryOptions = (urlName: string) =>
  queryOptions({
    queryKey: ['offers', 'content-credentials', urlName],
    queryFn: ({ signal }) => getContentCredentials(urlName, signal),
    // A picture's manifest does not change while the page is open.
    staleTime: Infinity,
  });

export const useContentCredentials = (urlName: string) =>
  useQuery(getContentCredentialsQueryOptions(urlName));
