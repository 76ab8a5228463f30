import { z } from 'zod';
import { CurrencySchema, OrientationSchema, StyleSchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';

// Paid image generation: the requests and answers of /api/generated-images.

/**
 * `standard` is delivered at most GENERATION_STANDARD_MAX_SIDE pixels on its long side; `high` at
 * the generator's full size (at least 1536 pixels on the long side).
 */
export const GENERATION_QUALITIES = ['standard', 'high'] as const;
export const GenerationQualitySchema = z.enum(GENERATION_QUALITIES);
export type GenerationQuality = z.infer<typeof GenerationQualitySchema>;
export const GENERATION_STANDARD_MAX_SIDE = 1024;

/** How many pictures one request may ask for. */
export const GENERATION_COUNT_MAX = 4;
export const GENERATION_PROMPT_MIN = 3;
export const GENERATION_PROMPT_MAX = 1000;
export const GENERATION_NEGATIVE_PROMPT_MAX = 500;

/**
 * queued: waiting for a worker (also between retries); running: being painted; succeeded: the
 * pictures are there and the price was charged; failed and cancelled: the price was given back.
 */
export const GENERATION_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export const GenerationStatusSchema = z.enum(GENERATION_STATUSES);
export type GenerationStatus = z.infer<typeof GenerationStatusSchema>;

/** The statuses after which nothing changes any more. */
export const FINISHED_GENERATION_STATUSES: readonly GenerationStatus[] = [
  'succeeded',
  'failed',
  'cancelled',
];

/** POST /api/generated-images. The price is held from the balance of `currency`. */
export const GenerationRequestSchema = z.strictObject({
  prompt: z.string().trim().min(GENERATION_PROMPT_MIN).max(GENERATION_PROMPT_MAX),
  // Empty means none, so a cleared form field needs no special handling.
  negativePrompt: z.string().trim().max(GENERATION_NEGATIVE_PROMPT_MAX).optional(),
  style: StyleSchema,
  orientation: OrientationSchema,
  quality: GenerationQualitySchema,
  count: z.number().int().min(1).max(GENERATION_COUNT_MAX),
  currency: CurrencySchema,
});
export type GenerationRequest = z.infer<typeof GenerationRequestSchema>;

/** The 202 answer to a submission: the job to follow. */
export const GenerationAcceptedSchema = z.object({
  id: z.uuid(),
  status: GenerationStatusSchema,
});
export type GenerationAccepted = z.infer<typeof GenerationAcceptedSchema>;

/** One entry of GET /api/generated-images/prices. */
export const GenerationPriceSchema = z.object({
  quality: GenerationQualitySchema,
  count: z.number().int().min(1).max(GENERATION_COUNT_MAX),
  currency: CurrencySchema,
  // Minor units for the whole request (all `count` pictures).
  price: MinorUnitsSchema.min(1),
});
export type GenerationPrice = z.infer<typeof GenerationPriceSchema>;

export const GENERATOR_KINDS = ['procedural', 'openai', 'sd-webui'] as const;
export const GeneratorKindSchema = z.enum(GENERATOR_KINDS);
export type GeneratorKind = z.infer<typeof GeneratorKindSchema>;

/**
 * Every quality, count and currency once, and which generator paints: the UI says plainly when it
 * is the offline demo generator (`procedural`).
 */
export const GenerationPriceListSchema = z.object({
  prices: z.array(GenerationPriceSchema),
  generator: GeneratorKindSchema,
});
export type GenerationPriceList = z.infer<typeof GenerationPriceListSchema>;

/**
 * A delivered picture. Both addresses need the owner's bearer token (the web fetches them and shows
 * an object URL): the preview is a WebP at most 640 pixels wide, the download the picture itself.
 */
export const GeneratedPictureSchema = z.object({
  // 1-based, as in "picture 2 of 4" and in the addresses.
  n: z.number().int().min(1).max(GENERATION_COUNT_MAX),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  // A tiny blurred WebP as a data: URI, shown while the preview loads.
  placeholder: z.string(),
  previewUrl: z.string(),
  downloadUrl: z.string(),
});
export type GeneratedPicture = z.infer<typeof GeneratedPictureSchema>;

/** A generation job with what it asked for, where it is, and its pictures once delivered. */
export const GenerationJobSchema = z.object({
  id: z.uuid(),
  prompt: z.string(),
  negativePrompt: z.string().nullable(),
  style: StyleSchema,
  orientation: OrientationSchema,
  quality: GenerationQualitySchema,
  count: z.number().int().min(1).max(GENERATION_COUNT_MAX),
  currency: CurrencySchema,
  price: MinorUnitsSchema.min(1),
  status: GenerationStatusSchema,
  // 0 to 100 while running; 100 once succeeded.
  progress: z.number().int().min(0).max(100),
  // While queued: 1 when it is next, 2 when one job waits before it, ...; otherwise null.
  queuePosition: z.number().int().min(1).nullable(),
  // Why it failed or was cancelled, in words for the user; null otherwise.
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  pictures: z.array(GeneratedPictureSchema),
});
export type GenerationJob = z.infer<typeof GenerationJobSchema>;

export const GENERATION_JOBS_PAGE_SIZE = 20;

/** GET /api/generated-images?Before={jobId}: my jobs, newest first, a page at a time. */
export const GenerationJobListQuerySchema = z.object({ Before: z.uuid().optional() });
export type GenerationJobListQuery = z.infer<typeof GenerationJobListQuerySchema>;

export const GenerationJobListSchema = z.object({
  items: z.array(GenerationJobSchema),
  // Pass as Before for the next page; null on the last page.
  nextBefore: z.uuid().nullable(),
});
export type GenerationJobList = z.infer<typeof GenerationJobListSchema>;

/**
 * One server-sent event of GET /api/generated-images/{id}/events (the SSE `event:` field is
 * `type`, `data:` is this object as JSON). The stream ends after `done` or `failed`.
 */
export const GenerationEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('queued'), id: z.uuid(), position: z.number().int().min(1) }),
  z.object({ type: z.literal('running'), id: z.uuid(), percent: z.number().int().min(0).max(100) }),
  z.object({ type: z.literal('done'), id: z.uuid(), job: GenerationJobSchema }),
  z.object({
    type: z.literal('failed'),
    id: z.uuid(),
    status: z.enum(['failed', 'cancelled']),
    message: z.string(),
  }),
]);
export type GenerationEvent = z.infer<typeof GenerationEventSchema>;
