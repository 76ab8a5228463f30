import { and, asc, between, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  LATEST_OFFERS_LIMIT,
  type Category,
  type Currency,
  type OfferAttribute,
  type OfferAttributeKind,
  type OfferDetail,
  type OfferSummary,
  type SearchOffersQuery,
  type SearchOffersResponse,
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
const isPublished = sql`${offers.published}`;

/** The columns of a summary, with the cheapest price in `currency`. */
const summaryColumns = (currency: Currency) => ({
  id: offers.id,
  urlName: offers.urlName,
  title: offers.title,
  style: offers.style,
  orientation: offers.orientation,
  categoryName: categories.urlName,
  createdAt: offers.createdAt,
  price: minPrice(currency),
  imageKey: offers.imageKey,
  width: offers.width,
  height: offers.height,
  placeholder: offers.placeholder,
});

const selectSummaries = (db: Db, currency: Currency) =>
  db
    .select(summaryColumns(currency))
    .from(offers)
    .innerJoin(categories, eq(categories.id, offers.categoryId));

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow, currency: Currency): OfferSummary {
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

/** GET /api/offers/latest: the newest published offers. */
export async function latestOffers(db: Db, currency: Currency): Promise<OfferSummary[]> {
  const rows = await selectSummaries(db, currency)
    .where(isPublished)
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(LATEST_OFFERS_LIMIT);
  return rows.map((row) => toSummary(row, currency));
}

/** GET /api/offers/get-one: a published offer with its variants priced in `currency`, or 404. */
export async function getOffer(db: Db, urlName: string, currency: Currency): Promise<OfferDetail> {
  const [row] = await db
    .select({ ...summaryColumns(currency), description: offers.description, tags: offers.tags })
    .from(offers)
    .innerJoin(categories, eq(categories.id, offers.categoryId))
    .where(and(isPublished, eq(offers.urlName, urlName.toLowerCase())))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');

  const attributes = await db
    .select({ id: offerAttributes.id, kind: offerAttributes.kind, price: attributePrice(currency) })
    .from(offerAttributes)
    .where(eq(offerAttributes.offerId, row.id))
    .orderBy(asc(attributePrice(currency)), asc(offerAttributes.id));
  return {
    ...toSummary(row, currency),
    description: row.description,
    tags: row.tags,
    attributes: attributes.map((attribute) => ({
      id: attribute.id,
      kind: attribute.kind,
      name: OFFER_ATTRIBUTE_NAMES[attribute.kind],
      price: { amount: attribute.price, currency },
    })),
  };
}

/**
 * The words of a search as a prefix query for to_tsquery: "red fo" finds "Red fox". Only letters
 * and digits pass, so nothing the user types can be tsquery syntax. Undefined when no word is left.
 */
export function prefixQuery(search: string): string | undefined {
  const words =
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/** Up to this many text matches, a search sorts them itself rather than walk a sort index. */
const FEW_TEXT_MATCHES = 1_000;

/** GET /api/offers: filtered, sorted by newest or the cheapest variant's price, one page. */
export async function searchOffers(
  db: Db,
  query: SearchOffersQuery,
  caches?: CatalogCaches,
): Promise<SearchOffersResponse> {
  const { Currency: currency, Page: page, PageSize: pageSize } = query;
  const price = minPrice(currency);
  // Style=None means no style filter.
  const style = query.Style === 'None' ? undefined : query.Style;
  const category = query.Category?.toLowerCase();
  const words = query.Search ? prefixQuery(query.Search) : undefined;

  const conditions: SQL[] = [isPublished, between(price, query.From, query.To)];
  if (query.Orientation) conditions.push(eq(offers.orientation, query.Orientation));
  if (style) conditions.push(eq(offers.style, style));
  if (category) {
    // A subquery rather than a join, so the planner can use the category index on offers.
    const id = db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.urlName, category));
    conditions.push(eq(offers.categoryId, sql`(${id})`));
  }
  if (words) conditions.push(sql`${offers.searchDocument} @@ to_tsquery('english', ${words})`);
  const where = and(...conditions);

  const count = async () => {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(offers)
      .where(where);
    return row?.total ?? 0;
  };
  const filters = [currency, query.From, query.To, query.Orientation, style, category, words];
  const totalOf = caches ? caches.totals.get(JSON.stringify(filters), count) : count();

  // PostgreSQL cannot estimate how many offers a prefix text query matches. Guessing "many", it
  // walks the sort index for the first page, which reads all 100,000 offers (190 ms) when the words
  // match none. So a text search learns its total first, and when that is small, hides the sort
  // column in an expression: the plan is then the text index and a sort of the few matches.
  const fewMatches = words !== undefined && (await totalOf) <= FEW_TEXT_MATCHES;
  const priceKey = fewMatches ? sql`(${price} + 0)` : price;
  const newestKey = fewMatches ? sql`(${offers.createdAt} + interval '0 s')` : offers.createdAt;
  const order =
    query.Sort === 'LowToHigh'
      ? [asc(priceKey), asc(offers.id)]
      : query.Sort === 'HighToLow'
        ? [desc(priceKey), desc(offers.id)]
        : [desc(newestKey), desc(offers.id)];

  const [rows, total] = await Promise.all([
    selectSummaries(db, currency)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    totalOf,
  ]);
  return { items: rows.map((row) => toSummary(row, currency)), total, page, pageSize };
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
