import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  LATEST_OFFERS_LIMIT,
  type Category,
  type Currency,
  type OfferAttribute,
  type OfferAttributeKind,
  type OfferDetail,
  type OfferSummary,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { offerImage } from './images.js';
import type { CatalogCaches } from './catalog-caches.js';
import { categories, offerAttributes, offers } from './schema.js';

/** English names of the variants; the web app shows its own translation by `kind`. */
export const OFFER_ATTRIBUTE_NAMES: Readonly<Record<OfferAttributeKind, string>> = {
  standard: 'Standard download',
  full: 'Full resolution with commercial licence',
};

const minPrice = (currency: Currency) =>
  currency === 'EUR' ? offers.minPriceEur : offers.minPriceUsd;
const attributePrice = (currency: Currency) =>
  currency === 'EUR' ? offerAttributes.priceEur : offerAttributes.priceUsd;

// Partial indexes (schema.ts) apply only when the query says `published` in these words.
export const isPublished = sql`${offers.published}`;

/** The columns every view of an offer reads: what a card shows, less its price. */
export const cardColumns = {
  id: offers.id,
  urlName: offers.urlName,
  title: offers.title,
  style: offers.style,
  orientation: offers.orientation,
  categoryName: categories.urlName,
  createdAt: offers.createdAt,
  imageKey: offers.imageKey,
  width: offers.width,
  height: offers.height,
  placeholder: offers.placeholder,
};

/** The columns of a summary, with the cheapest price in `currency`. */
const summaryColumns = (currency: Currency) => ({
  ...cardColumns,
  price: minPrice(currency),
});

export const selectSummaries = (db: Db, currency: Currency) =>
  db
    .select(summaryColumns(currency))
    .from(offers)
    .innerJoin(categories, eq(categories.id, offers.categoryId));

export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export function toSummary(row: SummaryRow, currency: Currency): OfferSummary {
  return {
    id: row.id,
    urlName: row.urlName,
    title: row.title,
    style: row.style,
    orientation: row.orientation,
    categoryName: row.categoryName,
    createdAt: row.createdAt.toISOString(),
    price: { amount: row.price, currency },
    image: offerImage(row),
  };
}

/**
 * A timestamp as `toISOString()` writes the Date node-postgres reads from it, written by PostgreSQL:
 * UTC, milliseconds truncated. Parsing 24 timestamps into Dates cost a search some 50 µs.
 */
export const isoTimestamp = (column: SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** GET /api/offers/latest: the newest published offers. */
export async function latestOffers(db: Db, currency: Currency): Promise<OfferSummary[]> {
  const rows = await selectSummaries(db, currency)
    .where(isPublished)
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(LATEST_OFFERS_LIMIT);
  return rows.map((row) => toSummary(row, currency));
}

/** A variant as the offer's detail query gives it (JSON from the database), in both currencies. */
interface AttributeRow {
  id: number;
  kind: OfferAttributeKind;
  eur: number;
  usd: number;
}

/**
 * A published offer's row with its variants, by url name, in one query for both currencies: a
 * prepared statement per database (planned once per connection), the variants as a JSON list.
 */
function prepareOfferDetail(db: Db) {
  const variants = sql<AttributeRow[]>`coalesce((
    select json_agg(json_build_object(
      'id', ${offerAttributes.id}, 'kind', ${offerAttributes.kind},
      'eur', ${offerAttributes.priceEur}, 'usd', ${offerAttributes.priceUsd}
    ))
    from ${offerAttributes} where ${offerAttributes.offerId} = ${offers.id}
  ), '[]'::json)`;
  return db
    .select({
      ...cardColumns,
      priceEur: offers.minPriceEur,
      priceUsd: offers.minPriceUsd,
      description: offers.description,
      tags: offers.tags,
      attributes: variants,
    })
    .from(offers)
    .innerJoin(categories, eq(categories.id, offers.categoryId))
    .where(and(isPublished, eq(offers.urlName, sql.placeholder('urlName'))))
    .limit(1)
    .prepare('offer_detail');
}

type OfferDetailStatement = ReturnType<typeof prepareOfferDetail>;
export type OfferDetailRow = Awaited<ReturnType<OfferDetailStatement['execute']>>[number];

const offerDetails = new WeakMap<Db, OfferDetailStatement>();
const detailsUnderWay = new WeakMap<Db, Map<string, Promise<OfferDetailRow | undefined>>>();

/**
 * The published offer of this url name (lower case), or undefined. Asks made while the same one is
 * under way share its query: a picture page's first view asks for the offer both for its render
 * and for its status and preload (picture-preload.ts), at the same moment.
 */
export function offerDetailRow(db: Db, urlName: string): Promise<OfferDetailRow | undefined> {
  let underWay = detailsUnderWay.get(db);
  if (!underWay) detailsUnderWay.set(db, (underWay = new Map()));
  const shared = underWay.get(urlName);
  if (shared) return shared;
  let statement = offerDetails.get(db);
  if (!statement) offerDetails.set(db, (statement = prepareOfferDetail(db)));
  const row = statement.execute({ urlName }).then(([first]) => first);
  underWay.set(urlName, row);
  const forget = () => underWay.delete(urlName);
  row.then(forget, forget);
  return row;
}

/** GET /api/offers/get-one: a published offer with its variants priced in `currency`, or 404. */
export async function getOffer(db: Db, urlName: string, currency: Currency): Promise<OfferDetail> {
  const row = await offerDetailRow(db, urlName.toLowerCase());
  if (!row) throw new AppError('NOT_FOUND');
  const priceOf = (attribute: AttributeRow) => (currency === 'EUR' ? attribute.eur : attribute.usd);
  // Cheapest first, then by id: as the catalog's other lists of variants.
  const attributes = [...row.attributes].sort((a, b) => priceOf(a) - priceOf(b) || a.id - b.id);
  return {
    ...toSummary({ ...row, price: currency === 'EUR' ? row.priceEur : row.priceUsd }, currency),
    description: row.description,
    tags: row.tags,
    attributes: attributes.map((attribute) => ({
      id: attribute.id,
      kind: attribute.kind,
      name: OFFER_ATTRIBUTE_NAMES[attribute.kind],
      price: { amount: priceOf(attribute), currency },
    })),
  };
}

/** GET /api/categories: every category in display order, with its number of published offers. */
export async function listCategories(db: Db, caches?: CatalogCaches): Promise<Category[]> {
  return caches ? caches.categories.get('all', () => countCategories(db)) : countCategories(db);
}

async function countCategories(db: Db): Promise<Category[]> {
  const counts = db
    .select({
      categoryId: offers.categoryId,
      offerCount: sql<number>`count(*)::int`.as('offer_count'),
    })
    .from(offers)
    .where(isPublished)
    .groupBy(offers.categoryId)
    .as('counts');
  const rows = await db
    .select({
      id: categories.id,
      urlName: categories.urlName,
      en: categories.nameEn,
      es: categories.nameEs,
      ja: categories.nameJa,
      offerCount: sql<number>`coalesce(${counts.offerCount}, 0)`,
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map(({ en, es, ja, ...category }) => ({ ...category, names: { en, es, ja } }));
}

/** A variant as a cart or an order sees it: its offer and its price in one currency. */
export interface PricedAttribute extends OfferAttribute {
  offerId: number;
  offerUrlName: string;
  offerTitle: string;
}

/**
 * The variants with these ids that can be bought now (their offer is published), priced in
 * `currency`; ids that are unknown or not for sale are left out. For carts and orders.
 */
export async function priceAttributes(
  db: Db,
  ids: readonly number[],
  currency: Currency,
): Promise<PricedAttribute[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: offerAttributes.id,
      kind: offerAttributes.kind,
      price: attributePrice(currency),
      offerId: offers.id,
      offerUrlName: offers.urlName,
      offerTitle: offers.title,
    })
    .from(offerAttributes)
    .innerJoin(offers, eq(offers.id, offerAttributes.offerId))
    .where(and(inArray(offerAttributes.id, [...new Set(ids)]), isPublished))
    .orderBy(asc(offerAttributes.id));
  return rows.map(({ price, ...row }) => ({
    ...row,
    name: OFFER_ATTRIBUTE_NAMES[row.kind],
    price: { amount: price, currency },
  }));
}
