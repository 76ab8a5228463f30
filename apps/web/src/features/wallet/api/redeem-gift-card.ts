import {
  apiPaths,
  BalanceResponseSchema,
  type BalanceResponse,
  type GiftCardRedemption,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/balance/gift-card: credits the card to the balance in the card's currency and answers
 * that balance. A wrong code is a 400 on `giftCardNumber`; guessing is limited with 429.
 */
export const redeemGiftCard = (request: GiftCardRedemption): Promise<BalanceResponse> =>
  apiClient.post(apiPaths.balanceGiftCard, request, { schema: BalanceResponseSchema });
