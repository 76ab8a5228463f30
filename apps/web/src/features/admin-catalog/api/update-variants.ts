import {
  adminApiPaths,
  AdminOfferSchema,
  withId,
  type AdminOffer,
  type VariantWrite,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** PUT /api/admin/catalog/offers/{id}/variants. */
export const updateVariants = (id: number, variants: VariantWrite[]): Promise<AdminOffer> =>
  apiClient.request(withId(adminApiPaths.catalogOfferVariants, id), {
    method: 'PUT',
    body: variants,
    schema: AdminOfferSchema,
  });
