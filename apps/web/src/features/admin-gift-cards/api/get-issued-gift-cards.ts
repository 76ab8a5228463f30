import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminApiPaths, AdminGiftCardListSchema, type AdminGiftCardList } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export const ADMIN_GIFT_CARDS_QUERY_KEY = ['admin', 'gift-cards'] as const;

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
