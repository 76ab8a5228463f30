import { adminApiPaths, AdminOfferSchema, withId, type AdminOffer } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/admin/catalog/offers/{id}/publish or …/unpublish. */
export const setPublished = (id: number, published: boolean): Promise<AdminOffer> =>
  apiClient.post(
    withId(published ? adminApiPaths.catalogOfferPublish : adminApiPaths.catalogOfferUnpublish, id),
    undefined,
    { schema: AdminOfferSchema },
  );
