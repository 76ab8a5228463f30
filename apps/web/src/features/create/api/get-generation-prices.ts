import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  GenerationPriceListSchema,
  type Currency,
  type GenerationPriceList,
  type GenerationQuality,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/generated-images/prices: open to visitors, so they can see what a generation costs. */
export const getGenerationPrices = (signal?: AbortSignal): Promise<GenerationPriceList> =>
  apiClient.get(apiPaths.generatedImagesPrices, { schema: GenerationPriceListSchema, signal });

export const getGenerationPricesQueryOptions = () =>
  queryOptions({
    queryKey: ['generation-prices'] as const,
    queryFn: ({ signal }) => getGenerationPrices(signal),
  });

export const useGenerationPrices = () => useQuery(getGenerationPricesQueryOptions());

/** The price of `count` pictures of `quality` in `currency`, in minor units; null when unlisted. */
export function priceOf(
  list: GenerationPriceList,
  quality: GenerationQuality,
  count: number,
  currency: Currency,
): number | null {
  const entry = list.prices.find(
    (price) => price.quality === quality && price.count === count && price.currency === currency,
  );
  return entry?.price ?? null;
}
