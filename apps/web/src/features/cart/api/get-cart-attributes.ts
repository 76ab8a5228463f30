import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  OfferAttributeLookupListSchema,
  type Currency,
  type OfferAttributeLookup,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/offers/attributes?Ids&Currency: the cart's variants with their offers and prices. */
export const getCartAttributes = (
  ids: readonly number[],
  currency: Currency,
  signal?: AbortSignal,
): Promise<OfferAttributeLookup[]> =>
  apiClient.get(apiPaths.offerAttributes, {
    query: { Ids: ids.join(','), Currency: currency },
    schema: OfferAttributeLookupListSchema,
    signal,
  });

// Sorted, so that the same cart in another order is the same query.
export const getCartAttributesQueryOptions = (ids: readonly number[], currency: Currency) =>
  queryOptions({
    queryKey: ['offers', 'attributes', [...ids].sort((a, b) => a - b), currency] as const,
    queryFn: ({ signal }) => getCartAttributes(ids, currency, signal),
    enabled: ids.length > 0,
  });

/**
 * While a removal reloads the prices, the lines already shown stay (no flash of "loading"), but
 * never across a currency switch, which empties the cart anyway.
 */
export const useCartAttributes = (ids: readonly number[], currency: Currency) =>
  useQuery({
    ...getCartAttributesQueryOptions(ids, currency),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === currency ? keepPreviousData(previous) : undefined,
  });
