import {
  CURRENCIES,
  GENERATION_QUALITIES,
  type Currency,
  type GenerationPrice,
  type GenerationQuality,
} from '@pictura/contract';

/**
 * What a request costs, in minor units, for 1 to 4 pictures. More pictures per
 * request cost less each; `high` (full size) costs about twice `standard`. Set per currency like
 * every price in the shop (no conversion: docs/product/money.md#amounts-and-currencies).
 */
const PRICES: Readonly<
  Record<GenerationQuality, Readonly<Record<Currency, readonly [number, number, number, number]>>>
> = {
  standard: { EUR: [199, 379, 549, 699], USD: [219, 419, 599, 769] },
  high: { EUR: [399, 759, 1099, 1399], USD: [439, 839, 1209, 1539] },
};

export function priceOf(quality: GenerationQuality, count: number, currency: Currency): number {
  const price = PRICES[quality][currency][count - 1];
  if (price === undefined) throw new RangeError(`No price for ${count} pictures`);
  return price;
}

/** The whole list, as GET /api/generated-images/prices answers it. */
export function priceList(): GenerationPrice[] {
  return GENERATION_QUALITIES.flatMap((quality) =>
    CURRENCIES.flatMap((currency) =>
      PRICES[quality][currency].map((price, index) => ({
        quality,
        count: index + 1,
        currency,
        price,
      })),
    ),
  );
}
