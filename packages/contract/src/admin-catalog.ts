import { z } from 'zod';
import { RowIdParamSchema, RowIdSchema } from './common.js';
import { CurrencySchema, OrientationSchema, StyleSchema } from './enum-schemas.js';
import { DIGITAL_SOURCE_TYPES, OFFER_ATTRIBUTE_KINDS } from './offer-constants.js';
import { OfferImageSchema } from './offers.js';

// The catalog back office: categories, offers, their variants and pictures.

/** Uploads: at most this many bytes and pixels, JPEG, PNG or WebP by their bytes (not their type). */
export const ADMIN_UPLOAD_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxPixels: 40_000_000,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

export const ADMIN_CATALOG_LIMITS = {
  titleMax: 120,
  descriptionMax: 2000,
  urlNameMax: 100,
  categoryNameMax: 60,
  tagMax: 40,
  tagsMax: 20,
  /** Minor units: 0.50 to 10,000.00 per variant and currency. */
  priceMin: 50,
  priceMax: 1_000_000,
  positionMax: 10_000,
} as const;

export const ADMIN_OFFERS_PAGE_SIZE = 25;

const URL_NAME_MESSAGE = 'Use lower-case letters and digits joined by single dashes.';
/** Lower-case words joined by dashes, as the catalog's CHECK constraints require. */
export const UrlNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(ADMIN_CATALOG_LIMITS.urlNameMax)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, URL_NAME_MESSAGE);

const name = z.string().trim().min(1).max(ADMIN_CATALOG_LIMITS.categoryNameMax);
export const CategoryNamesSchema = z.strictObject({ en: name, es: name, ja: name });

export const AdminCategorySchema = z.object({
  id: z.number().int().positive(),
  urlName: z.string(),
  names: z.object({ en: z.string(), es: z.string(), ja: z.string() }),
  position: z.number().int(),
  /** Every offer in it, published or not: a category with any cannot be deleted. */
  offerCount: z.number().int().min(0),
  publishedCount: z.number().int().min(0),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export const AdminCategoryListSchema = z.array(AdminCategorySchema);

export const CategoryWriteSchema = z.strictObject({
  urlName: UrlNameSchema,
  names: CategoryNamesSchema,
  position: z.number().int().min(0).max(ADMIN_CATALOG_LIMITS.positionMax).default(0),
});
export type CategoryWrite = z.infer<typeof CategoryWriteSchema>;
export type CategoryWriteInput = z.input<typeof CategoryWriteSchema>;

const price = z
  .number()
  .int()
  .min(ADMIN_CATALOG_LIMITS.priceMin)
  .max(ADMIN_CATALOG_LIMITS.priceMax);
export const VariantPricesSchema = z.strictObject({ EUR: price, USD: price });

export const VariantWriteSchema = z.strictObject({
  kind: z.enum(OFFER_ATTRIBUTE_KINDS),
  /** Minor units per currency (no conversion: docs/product/money.md#amounts-and-currencies). */
  prices: VariantPricesSchema,
});
export type VariantWrite = z.infer<typeof VariantWriteSchema>;

/** The whole set of variants: at least one, each kind once. Existing kinds keep their ids. */
export const VariantsWriteSchema = z
  .array(VariantWriteSchema)
  .min(1, 'An offer needs at least one variant.')
  .max(OFFER_ATTRIBUTE_KINDS.length)
  .refine((variants) => new Set(variants.map((v) => v.kind)).size === variants.length, {
    message: 'Each kind may appear once.',
  });

const tag = z.string().trim().min(1).max(ADMIN_CATALOG_LIMITS.tagMax);

/** What an admin edits of an offer (not its picture). */
export const OfferFieldsSchema = z.strictObject({
  title: z.string().trim().min(1).max(ADMIN_CATALOG_LIMITS.titleMax),
  description: z.string().trim().max(ADMIN_CATALOG_LIMITS.descriptionMax),
  urlName: UrlNameSchema,
  categoryId: RowIdSchema,
  style: StyleSchema,
  tags: z
    .array(tag)
    .max(ADMIN_CATALOG_LIMITS.tagsMax)
    .transform((tags) => [...new Set(tags.map((t) => t.toLowerCase()))]),
  /** What the picture is, as the admin declares it: an edited upload is a composite. */
  digitalSourceType: z.enum(DIGITAL_SOURCE_TYPES).default('trainedAlgorithmicMedia'),
});
export type OfferFields = z.infer<typeof OfferFieldsSchema>;
export type OfferFieldsInput = z.input<typeof OfferFieldsSchema>;

/** Where a new offer's picture comes from: an upload (its key) or one of the admin's generated pictures. */
export const OfferImageSourceSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('upload'), imageKey: z.string().regex(/^[0-9a-f]{32}$/) }),
  z.strictObject({
    type: z.literal('generated'),
    jobId: z.uuid(),
    n: z.number().int().min(1).max(16),
  }),
]);
export type OfferImageSource = z.infer<typeof OfferImageSourceSchema>;

/** POST /api/admin/catalog/offers: a new offer, unpublished until published. */
export const OfferCreateSchema = OfferFieldsSchema.extend({
  source: OfferImageSourceSchema,
  variants: VariantsWriteSchema,
});
export type OfferCreate = z.infer<typeof OfferCreateSchema>;
export type OfferCreateInput = z.input<typeof OfferCreateSchema>;

/** POST /api/admin/catalog/images answers what the stored original is. */
export const UploadedImageSchema = z.object({
  imageKey: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  orientation: OrientationSchema,
  image: OfferImageSchema,
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

export const AdminVariantSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(OFFER_ATTRIBUTE_KINDS),
  prices: z.object({ EUR: z.number().int(), USD: z.number().int() }),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminOfferSummarySchema = z.object({
  id: z.number().int().positive(),
  urlName: z.string(),
  title: z.string(),
  style: StyleSchema,
  orientation: OrientationSchema,
  categoryId: RowIdSchema,
  categoryUrlName: z.string(),
  published: z.boolean(),
  minPrices: z.object({ EUR: z.number().int(), USD: z.number().int() }),
  image: OfferImageSchema,
  createdAt: z.string(),
});
export type AdminOfferSummary = z.infer<typeof AdminOfferSummarySchema>;

export const AdminOfferSchema = AdminOfferSummarySchema.extend({
  description: z.string(),
  tags: z.array(z.string()),
  /** What the picture was generated from; empty for an upload. */
  prompt: z.string(),
  digitalSourceType: z.enum(DIGITAL_SOURCE_TYPES),
  variants: z.array(AdminVariantSchema),
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

export const AdminOffersQuerySchema = z.object({
  Search: z.string().trim().max(200).optional(),
  Page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminOffersQuery = z.infer<typeof AdminOffersQuerySchema>;

export const AdminOfferListSchema = z.object({
  items: z.array(AdminOfferSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminOfferList = z.infer<typeof AdminOfferListSchema>;

export const AdminIdParamsSchema = z.object({ id: RowIdParamSchema });

/** The currency list the editor shows prices for, in order. */
export const ADMIN_PRICE_CURRENCIES = CurrencySchema.options;

/** A full admin catalog path with its `:id` filled in, e.g. `withId(adminApiPaths.catalogOffer, 7)`. */
export const withId = (path: string, id: number): string => path.replace(':id', String(id));
