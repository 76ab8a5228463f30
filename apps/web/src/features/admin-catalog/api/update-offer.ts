import {
  adminApiPaths,
  AdminOfferSchema,
  withId,
  type AdminOffer,
  type OfferFields,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** PUT /api/admin/catalog/offers/{id}. */
export const updateOffer = (id: number, fields: OfferFields): Promise<AdminOffer> =>
  apiClient.request(withId(adminApiPaths.catalogOffer, id), {
    method: 'PUT',
    body: fields,
    schema: AdminOfferSchema,
  });
