import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  AdminGiftCardListSchema,
  AdminIssuedGiftCardSchema,
  type AdminGiftCardIssue,
  type AdminGiftCardList,
  type AdminIssuedGiftCard,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export const ADMIN_GIFT_CARDS_QUERY_KEY = ['admin', 'gift-cards'] as const;

/**
 * POST /api/admin/gift-cards: the answer holds the code, the only time it is ever shown. No
 * Idempotency-Key: the server would have to keep that answer, code and all.
 */
export const issueGiftCard = (request: AdminGiftCardIssue): Promise<AdminIssuedGiftCard> =>
  apiClient.post(adminApiPaths.giftCards, request, { schema: AdminIssuedGiftCardSchema });

/** GET /api/admin/gift-cards?Before=: issued cards, newest first, without codes. */
export const getIssuedGiftCards = (
  before: number | undefined,
  signal?: AbortSignal,
): Promise<AdminGiftCardList> =>
  apiClient.get(adminApiPaths.giftCards, {
    query: { Before: before },
    schema: AdminGiftCardListSchema,
    signal,
  });

export const useIssuedGiftCards = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...ADMIN_GIFT_CARDS_QUERY_KEY, 'list'] as const,
      queryFn: ({ pageParam, signal }) => getIssuedGiftCards(pageParam, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last: AdminGiftCardList) => last.nextBefore ?? undefined,
      staleTime: 0,
    }),
  );
