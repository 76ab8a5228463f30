import {
  adminApiPaths,
  AdminOfferSchema,
  type AdminOffer,
  type OfferCreate,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/admin/catalog/offers. */
export const createOffer = (offer: OfferCreate): Promise<AdminOffer> =>
  apiClient.post(adminApiPaths.catalogOffers, offer, { schema: AdminOfferSchema });
