import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  AdminCategoryListSchema,
  AdminCategorySchema,
  AdminOfferListSchema,
  AdminOfferSchema,
  apiPaths,
  GenerationJobListSchema,
  UploadedImageSchema,
  withId,
  type AdminCategory,
  type AdminOffer,
  type AdminOfferList,
  type CategoryWrite,
  type GenerationJobList,
  type OfferCreate,
  type OfferFields,
  type UploadedImage,
  type VariantWrite,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

// The catalog back office's calls (issue 8, point 2); every one is admin-only on the server.

export const ADMIN_CATALOG_QUERY_KEY = ['admin', 'catalog'] as const;

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

export const getAdminOffer = (id: number, signal?: AbortSignal): Promise<AdminOffer> =>
  apiClient.get(withId(adminApiPaths.catalogOffer, id), { schema: AdminOfferSchema, signal });

export const useAdminOffer = (id: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'offer', id],
    queryFn: ({ signal }) => getAdminOffer(id ?? 0, signal),
    enabled: id !== undefined,
    staleTime: 0,
  });

export const getAdminCategories = (signal?: AbortSignal): Promise<AdminCategory[]> =>
  apiClient.get(adminApiPaths.catalogCategories, { schema: AdminCategoryListSchema, signal });

export const useAdminCategories = () =>
  useQuery({
    queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'categories'],
    queryFn: ({ signal }) => getAdminCategories(signal),
    staleTime: 0,
  });

/** The admin's own generated pictures, to make an offer of one (the first page is enough here). */
export const useMyGeneratedPictures = () =>
  useQuery({
    queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'generated'],
    queryFn: ({ signal }): Promise<GenerationJobList> =>
      apiClient.get(apiPaths.generatedImages, { schema: GenerationJobListSchema, signal }),
  });

/** The picture's raw bytes as the body; the server decides its type from them. */
export const uploadPicture = (file: Blob): Promise<UploadedImage> =>
  apiClient.post(adminApiPaths.catalogImages, file, { schema: UploadedImageSchema });

export const createOffer = (offer: OfferCreate): Promise<AdminOffer> =>
  apiClient.post(adminApiPaths.catalogOffers, offer, { schema: AdminOfferSchema });

export const updateOffer = (id: number, fields: OfferFields): Promise<AdminOffer> =>
  apiClient.request(withId(adminApiPaths.catalogOffer, id), {
    method: 'PUT',
    body: fields,
    schema: AdminOfferSchema,
  });

export const updateVariants = (id: number, variants: VariantWrite[]): Promise<AdminOffer> =>
  apiClient.request(withId(adminApiPaths.catalogOfferVariants, id), {
    method: 'PUT',
    body: variants,
    schema: AdminOfferSchema,
  });

export const setPublished = (id: number, published: boolean): Promise<AdminOffer> =>
  apiClient.post(
    withId(published ? adminApiPaths.catalogOfferPublish : adminApiPaths.catalogOfferUnpublish, id),
    undefined,
    { schema: AdminOfferSchema },
  );

export const saveCategory = (id: number | null, category: CategoryWrite): Promise<AdminCategory> =>
  id === null
    ? apiClient.post(adminApiPaths.catalogCategories, category, { schema: AdminCategorySchema })
    : apiClient.request(withId(adminApiPaths.catalogCategory, id), {
        method: 'PUT',
        body: category,
        schema: AdminCategorySchema,
      });

export const deleteCategory = (id: number): Promise<unknown> =>
  apiClient.request(withId(adminApiPaths.catalogCategory, id), { method: 'DELETE' });
