import { z } from 'zod';
import { RowIdSchema } from './common.js';
import { CurrencySchema, OrientationSchema, SortSchema, StyleSchema } from './enum-schemas.js';
import { MinorUnitsSchema, MoneySchema } from './money.js';
import {
  OFFERS_PAGE_SIZE_DEFAULT,
  OFFERS_PAGE_SIZE_MAX,
  PREVIEW_FORMATS,
} from './offer-constants.js';

// Query parameter names are spelt as docs/product/api.md#calls lists them (Currency, UrlName, Sort,
// ...).

export const LatestOffersQuerySchema = z.object({ Currency: CurrencySchema });
export type LatestOffersQuery = z.infer<typeof LatestOffersQuerySchema>;

export const GetOneOfferQuerySchema = z.object({
  UrlName: z.string().trim().min(1).max(200),
  Currency: CurrencySchema,
});
export type GetOneOfferQuery = z.infer<typeof GetOneOfferQuerySchema>;

/**
 * A whole number from a query string. Only decimal digits count: an empty value is a missing one, so
 * a required parameter (From, To: docs/product/api.md#required-query-parameters) is refused and an
 * optional one takes its default; forms Number() would accept, such as "0x10" or "1e3", are refused
 * instead of coerced.
 */
const queryInt = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return /^-?\d+$/.test(text) ? Number(text) : value;
  }, schema);

export const SearchOffersQuerySchema = z
  .object({
    Sort: SortSchema.default('NewToOld'),
    Orientation: OrientationSchema.optional(),
    // Style=None means no style filter.
    Style: StyleSchema.optional(),
    From: queryInt(z.number().int().min(0)),
    To: queryInt(z.number().int().min(0)),
    Currency: CurrencySchema,
    Category: z.string().trim().min(1).max(100).optional(),
    Search: z.string().trim().max(200).optional(),
    Page: queryInt(z.number().int().min(1).max(10_000).default(1)),
    PageSize: queryInt(
      z.number().int().min(1).max(OFFERS_PAGE_SIZE_MAX).default(OFFERS_PAGE_SIZE_DEFAULT),
    ),
  })
  .refine((query) => query.From <= query.To, {
    message: 'From must not be greater than To',
    path: ['From'],
  });
export type SearchOffersQuery = z.infer<typeof SearchOffersQuerySchema>;

/**
 * The picture of an offer: the original's size in pixels (so a page can reserve the space), a tiny
 * blurred `data:` URI to show until a preview arrives, and the previews, smallest first.
 */
export const OfferImageSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  placeholder: z.string(),
  previews: z.array(
    z.object({
      width: z.number().int().positive(),
      format: z.enum(PREVIEW_FORMATS),
      url: z.string(),
    }),
  ),
  /** The picture's link preview (a page's og:image): 1200x630 JPEG, watermarked. */
  share: z.string(),
});
export type OfferImage = z.infer<typeof OfferImageSchema>;

export const OfferSummarySchema = z.object({
  id: z.number().int(),
  urlName: z.string(),
  title: z.string(),
  style: StyleSchema,
  orientation: OrientationSchema,
  // The category's urlName: the {categoryName} of /gallery/{categoryName}.
  categoryName: z.string(),
  createdAt: z.string(),
  // The cheapest variant's price in the requested currency.
  price: MoneySchema,
  image: OfferImageSchema,
});
export type OfferSummary = z.infer<typeof OfferSummarySchema>;

export const OfferAttributeSchema = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  name: z.string(),
  price: MoneySchema,
});
export type OfferAttribute = z.infer<typeof OfferAttributeSchema>;

export const OfferDetailSchema = OfferSummarySchema.extend({
  description: z.string(),
  tags: z.array(z.string()),
  attributes: z.array(OfferAttributeSchema),
});
export type OfferDetail = z.infer<typeof OfferDetailSchema>;

export const OfferListSchema = z.array(OfferSummarySchema);

export const SearchOffersResponseSchema = z.object({
  items: z.array(OfferSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type SearchOffersResponse = z.infer<typeof SearchOffersResponseSchema>;

export const PriceRangeSchema = z.object({ from: MinorUnitsSchema, to: MinorUnitsSchema });

/** A gallery category; `urlName` is the `{categoryName}` of `/gallery/{categoryName}`. */
export const CategorySchema = z.object({
  id: z.number().int().positive(),
  urlName: z.string(),
  names: z.object({ en: z.string(), es: z.string(), ja: z.string() }),
  offerCount: z.number().int().min(0),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListSchema = z.array(CategorySchema);

/** At most this many ids in one GET /api/offers/attributes (a full cart: LIMITS.cartItemsMax). */
export const OFFER_ATTRIBUTE_LOOKUP_MAX = 50;

/**
 * GET /api/offers/attributes?Ids=1,2&Currency=EUR: the cart holds only variant ids
 * (docs/product/browser.md#cart-and-gift-card), so it asks for their offers and prices with this.
 * Ids come comma-separated or repeated (`Ids=1&Ids=2`); a duplicate is asked for once.
 */
export const OfferAttributeLookupQuerySchema = z.object({
  Ids: z.preprocess(
    (value) => {
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
        .map((part) => (typeof part === 'string' ? part.trim() : part))
        .filter((part) => part !== '' && part !== undefined);
      return parts.map((part) =>
        typeof part === 'string' && /^\d+$/.test(part) ? Number(part) : part,
      );
    },
    z
      .array(RowIdSchema)
      .min(1)
      .max(OFFER_ATTRIBUTE_LOOKUP_MAX)
      .transform((ids) => [...new Set(ids)]),
  ),
  Currency: CurrencySchema,
});
export type OfferAttributeLookupQuery = z.infer<typeof OfferAttributeLookupQuerySchema>;

/** A variant with its offer, priced in the currency asked for; unknown or unpublished ids are absent. */
export const OfferAttributeLookupSchema = z.object({
  id: z.number().int().positive(),
  offerId: z.number().int().positive(),
  urlName: z.string(),
  title: z.string(),
  kind: z.string(),
  price: MoneySchema,
  image: OfferImageSchema,
});
export type OfferAttributeLookup = z.infer<typeof OfferAttributeLookupSchema>;

export const OfferAttributeLookupListSchema = z.array(OfferAttributeLookupSchema);
