import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import {
  DIGITAL_SOURCE_TYPES,
  OFFER_ATTRIBUTE_KINDS,
  ORIENTATIONS,
  STYLES,
} from '@pictura/contract';
import { oneOf } from '../../infra/db/checks.js';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** PostgreSQL's full-text document type; written as an SQL expression by the catalog service. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// Lower-case words joined by single dashes: safe in a URL path as it is.
const URL_NAME_CHECK = `~ '^[a-z0-9]+(-[a-z0-9]+)*$'`;

/** A gallery category: `urlName` is the {categoryName} of /gallery/{categoryName}. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    urlName: text('url_name').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameEs: text('name_es').notNull(),
    nameJa: text('name_ja').notNull(),
    /** Display order in the category navigation. */
    position: integer('position').notNull().default(0),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  () => [check('categories_url_name_check', sql.raw(`url_name ${URL_NAME_CHECK}`))],
);

/**
 * A picture for sale. Orientation follows from the pixel size (a generated column, so it cannot
 * disagree). The cheapest variant's price per currency is copied here by the catalog service in
 * the transaction that writes the variants: search filters and sorts by it without a join.
 */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    urlName: text('url_name').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    style: text('style', { enum: STYLES }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    orientation: text('orientation', { enum: ORIENTATIONS })
      .notNull()
      .generatedAlwaysAs(
        sql`case when width > height then 'Horizontal' when width < height then 'Vertical' else 'Square' end`,
      ),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    published: boolean('published').notNull().default(true),
    /** What the picture was generated from (the procedural generator repeats it exactly). */
    prompt: text('prompt').notNull(),
    seed: integer('seed').notNull(),
    /** Content key of the original in file storage; previews are made from it. */
    imageKey: text('image_key').notNull(),
    /**
     * What the picture is, as whoever added it declares (an edited upload is a composite); every
     * file of it says so in its metadata.
     */
    digitalSourceType: text('digital_source_type', { enum: DIGITAL_SOURCE_TYPES })
      .notNull()
      .default('trainedAlgorithmicMedia'),
    /**
     * The generator that painted the picture (`procedural`, `openai`, `sd-webui`, as
     * `generation_jobs.generator`); null for an upload, whose maker the shop does not know. Its
     * C2PA manifests name it as the software agent.
     */
    generator: text('generator'),
    /**
     * Which generation of the picture's derived files (standard download, marked previews) exist:
     * `npm run seed` brings older ones to CURRENT_FILES_VERSION (file-migration.ts). New offers
     * start current (their files are made with marks); rows from before start at 0.
     */
    filesVersion: integer('files_version').notNull().default(1),
    /** A tiny blurred `data:` URI shown until a preview has loaded. */
    placeholder: text('placeholder').notNull(),
    minPriceEur: integer('min_price_eur').notNull(),
    minPriceUsd: integer('min_price_usd').notNull(),
    /** Title, tags and description as a full-text document (English), for the Search parameter. */
    searchDocument: tsvector('search_document').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** When what the offer's page shows last changed (its sitemap entry's `lastmod`). */
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('offers_url_name_check', sql.raw(`url_name ${URL_NAME_CHECK}`)),
    check('offers_style_check', oneOf('style', STYLES)),
    check('offers_size_check', sql`${table.width} > 0 and ${table.height} > 0`),
    check('offers_digital_source_type_check', oneOf('digital_source_type', DIGITAL_SOURCE_TYPES)),
    // A preview's marks are looked up by its picture's key; the file migration groups by it.
    index('offers_image_key_idx').on(table.imageKey),
    check('offers_min_prices_check', sql`${table.minPriceEur} >= 0 and ${table.minPriceUsd} >= 0`),
    // Every index is partial: the shop only ever lists published offers. Each one serves a sort
    // (newest; price in EUR or USD, both directions) or a filter that narrows much (category,
    // style, text); orientation splits in three and rides on the sort index. Ascending on purpose:
    // read backwards they give `desc` order exactly as queries write it (Drizzle's `.desc()` adds
    // NULLS LAST, which `order by ... desc` would not match).
    index('offers_newest_idx')
      .on(table.createdAt, table.id)
      .where(sql`published`),
    // The price indexes carry the filter columns after their sort key: a total (count) over a
    // price range with any of those filters is then an index-only scan, no table reads (10 ms
    // instead of 65 ms for a third of 100,000 offers). Drizzle has no INCLUDE, so they are key
    // columns; after the unique id they do not change the order.
    index('offers_price_eur_idx')
      .on(table.minPriceEur, table.id, table.orientation, table.style, table.categoryId)
      .where(sql`published`),
    index('offers_price_usd_idx')
      .on(table.minPriceUsd, table.id, table.orientation, table.style, table.categoryId)
      .where(sql`published`),
    index('offers_category_newest_idx')
      .on(table.categoryId, table.createdAt, table.id)
      .where(sql`published`),
    index('offers_style_newest_idx')
      .on(table.style, table.createdAt, table.id)
      .where(sql`published`),
    index('offers_search_idx')
      .using('gin', table.searchDocument)
      .where(sql`published`),
  ],
);

/** A purchasable variant of an offer (contract OFFER_ATTRIBUTE_KINDS), priced in each currency. */
export const offerAttributes = pgTable(
  'offer_attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OFFER_ATTRIBUTE_KINDS }).notNull(),
    priceEur: integer('price_eur').notNull(),
    priceUsd: integer('price_usd').notNull(),
  },
  (table) => [
    unique('offer_attributes_offer_kind_key').on(table.offerId, table.kind),
    check('offer_attributes_kind_check', oneOf('kind', OFFER_ATTRIBUTE_KINDS)),
    check('offer_attributes_prices_check', sql`${table.priceEur} > 0 and ${table.priceUsd} > 0`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
export type OfferAttributeRow = typeof offerAttributes.$inferSelect;
