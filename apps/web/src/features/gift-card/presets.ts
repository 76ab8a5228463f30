import { LIMITS } from '@pictura/contract';

/** The amounts offered with one click, in minor units (10, 25, 50 and 100 in either currency). */
export const GIFT_CARD_PRESETS = [1_000, 2_500, 5_000, 10_000].filter(
  (amount) => amount >= LIMITS.giftCardMin && amount <= LIMITS.giftCardMax,
);
