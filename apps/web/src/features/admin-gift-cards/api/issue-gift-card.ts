import {
  adminApiPaths,
  AdminIssuedGiftCardSchema,
  type AdminGiftCardIssue,
  type AdminIssuedGiftCard,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/admin/gift-cards: the answer holds the code, the only time it is ever shown. No
 * Idempotency-Key: the server would have to keep that answer, code and all.
 */
export const issueGiftCard = (request: AdminGiftCardIssue): Promise<AdminIssuedGiftCard> =>
  apiClient.post(adminApiPaths.giftCards, request, { schema: AdminIssuedGiftCardSchema });
