import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CURRENCIES,
  GENERATION_COUNT_MAX,
  GENERATION_QUALITIES,
  GENERATION_STATUSES,
  ORIENTATIONS,
  STYLES,
} from '@pictura/contract';
import { users } from '../accounts/schema.js';
import { oneOf } from '../../infra/db/checks.js';

/**
 * A paid request for pictures. Its price is held from the balance when it is created
 * (ledger `generationHold`, reference `generation:{id}`), then either captured when the pictures are
 * delivered or released when it fails or is cancelled, decided under this row's lock. The queue's
 * job has the same id.
 */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    negativePrompt: text('negative_prompt'),
    style: text('style', { enum: STYLES }).notNull(),
    orientation: text('orientation', { enum: ORIENTATIONS }).notNull(),
    quality: text('quality', { enum: GENERATION_QUALITIES }).notNull(),
    count: integer('count').notNull(),
    // Picture n (from 1) is painted with seed + n - 1: the same job paints the same pictures again.
    seed: integer('seed').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    // The VAT the price includes (modules/generation/vat.ts): the country and its rate in basis
    // points are fixed at submission; the amount, in minor units, is set when the price is captured
    // and stays 0 for a job whose hold was released. Jobs from before VAT was recorded have no
    // country and count as none.
    vatCountry: text('vat_country'),
    vatRate: integer('vat_rate').notNull().default(0),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: GENERATION_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    // For the user: why it failed or was cancelled.
    error: text('error'),
    // The generator that painted the pictures (`procedural`, `openai`, ...).
    generator: text('generator'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('generation_jobs_status_check', oneOf('status', GENERATION_STATUSES)),
    check('generation_jobs_quality_check', oneOf('quality', GENERATION_QUALITIES)),
    check('generation_jobs_currency_check', oneOf('currency', CURRENCIES)),
    check('generation_jobs_style_check', oneOf('style', STYLES)),
    check('generation_jobs_orientation_check', oneOf('orientation', ORIENTATIONS)),
    check(
      'generation_jobs_count_check',
      sql`${table.count} between 1 and ${sql.raw(String(GENERATION_COUNT_MAX))}`,
    ),
    check('generation_jobs_price_positive', sql`${table.price} > 0`),
    check(
      'generation_jobs_vat_in_range',
      sql`${table.vatRate} >= 0 and ${table.vatAmount} >= 0 and ${table.vatAmount} <= ${table.price}`,
    ),
    check('generation_jobs_progress_check', sql`${table.progress} between 0 and 100`),
    index('generation_jobs_user_created_index').on(table.userId, table.createdAt, table.id),
    // Queue positions and the sweep look at unfinished jobs only.
    index('generation_jobs_unfinished_index')
      .on(table.status, table.createdAt, table.id)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

export type GenerationJobRow = typeof generationJobs.$inferSelect;

/** A delivered picture: the file in storage (private) and its preview, both served to the owner only. */
export const generatedPictures = pgTable(
  'generated_pictures',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => generationJobs.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    previewKey: text('preview_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.n] })],
);

export type GeneratedPictureRow = typeof generatedPictures.$inferSelect;
