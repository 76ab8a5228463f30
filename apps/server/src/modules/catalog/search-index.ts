import { sql, type SQL } from 'drizzle-orm';
import {
  ORIENTATIONS,
  STYLES,
  type Currency,
  type Orientation,
  type Sort,
  type Style,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { bitsByValue, scan, type Bits } from './index-bits.js';
import { categories, offers } from './schema.js';

/** The filters' sets of one order: the places of each category, orientation and style. */
export interface OrderBits {
  readonly byCategory: ReadonlyMap<number, Bits>;
  /** By index in ORIENTATIONS and STYLES; a value no offer has has no set. */
  readonly byOrientation: ReadonlyMap<number, Bits>;
  readonly byStyle: ReadonlyMap<number, Bits>;
}

/** One order of every published offer: entry (place) k is one offer. */
export interface OfferOrder {
  readonly ids: Int32Array;
  readonly bits: OrderBits;
}

/**
 * What a search filters and sorts by, for every published offer, once per order a search walks:
 * newest first (created_at desc, id desc, as PostgreSQL orders its microsecond timestamps), and by
 * the cheapest price per currency with ties by id (read backwards for price descending, which is
 * `price desc, id desc`). Ids and prices are typed arrays (28 bytes an offer over the three
 * orders); the filters are bit sets (index-bits.ts; one bit per offer, category, orientation and
 * style, about 1 MB at 100,000 offers in 12 categories).
 */
export interface SearchIndex {
  readonly size: number;
  readonly newest: OfferOrder & { readonly prices: Readonly<Record<Currency, Int32Array>> };
  readonly byPrice: Readonly<Record<Currency, OfferOrder & { readonly prices: Int32Array }>>;
  /** Category ids by url name (every category, with offers or not). */
  readonly categoryIdOf: ReadonlyMap<string, number>;
}

/** One search's filters; undefined means no filter. */
export interface IndexFilters {
  currency: Currency;
  /** Bounds of the cheapest price in `currency`, both included. */
  from: number;
  to: number;
  orientation?: Orientation;
  style?: Style;
  /** A category url name in lower case; one that does not exist matches nothing. */
  category?: string;
  /** Only these offer ids (a text search's matches). */
  ids?: { has(id: number): boolean };
}

/** The number of matches, and the ids of one page of them in the order asked for. */
export interface IndexPage {
  total: number;
  ids: number[];
}

const ORIENTATION_BITS = 4;

/** The position of `column`'s value in `values`, in SQL (the table's checks allow no other). */
const indexIn = (column: SQL, values: readonly string[]) =>
  sql`(case ${column} ${sql.join(
    values.map((value, index) => sql`when ${value} then ${sql.raw(String(index))}`),
    sql` `,
  )} end)`;

/**
 * Int columns of every published offer in one order, as one bytea: each offer's values as 4-byte
 * big-endian ints, one offer after the other. Each order is a partial index that holds every
 * column asked for (an index-only scan), and bytes cost the process next to nothing to read, where
 * 100,000 rows as objects took over a second on a busy machine.
 */
const packed = (columns: SQL[], order: SQL) =>
  sql`(select string_agg(${sql.join(
    columns.map((column) => sql`int4send((${column})::int4)`),
    sql` || `,
  )}, ''::bytea order by ${order}) from ${offers} where ${offers.published})`;

/** Lets other work of the process run before going on. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Columns of big-endian 4-byte ints from `bytes`, one record of `count` ints after the other. */
function columns(bytes: Uint8Array | null | undefined, count: number): Int32Array[] {
  const size = bytes ? bytes.byteLength / (4 * count) : 0;
  const result = Array.from({ length: count }, () => new Int32Array(size));
  if (!bytes) return result;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let field = 0; field < count; field += 1) {
    const column = result[field]!;
    for (let k = 0, at = 4 * field; k < size; k += 1, at += 4 * count)
      column[k] = view.getInt32(at);
  }
  return result;
}

/** The filters' sets of an order, from each place's category id and tag. */
function orderBits(categoryIds: Int32Array, tags: Int32Array): OrderBits {
  const orientations = new Int32Array(tags.length);
  const styles = new Int32Array(tags.length);
  for (let k = 0; k < tags.length; k += 1) {
    orientations[k] = tags[k]! % ORIENTATION_BITS;
    styles[k] = (tags[k]! / ORIENTATION_BITS) | 0;
  }
  return {
    byCategory: bitsByValue(categoryIds),
    byOrientation: bitsByValue(orientations),
    byStyle: bitsByValue(styles),
  };
}

/** A price order from its packed (id, price, category id, tag) records. */
function priceOrder(bytes: Uint8Array | null | undefined) {
  const [ids, prices, categoryIds, tags] = columns(bytes, 4) as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  return { ids, prices, categoryIds, tags, bits: orderBits(categoryIds, tags) };
}

/**
 * Reads the published offers' filter and sort columns in their three orders, in one statement (so
 * one snapshot), and the categories: one index.
 */
export async function loadSearchIndex(db: Db): Promise<SearchIndex> {
  const { id, categoryId, createdAt, minPriceEur, minPriceUsd } = offers;
  const bits = sql.raw(String(ORIENTATION_BITS));
  const tag = sql`${indexIn(sql`${offers.orientation}`, ORIENTATIONS)} + ${bits} * ${indexIn(sql`${offers.style}`, STYLES)}`;
  const byPriceOf = (price: SQL) =>
    packed([sql`${id}`, price, sql`${categoryId}`, tag], sql`${price}, ${id}`);
  const [result, categoryRows] = await Promise.all([
    db.execute<Record<'newest' | 'eur' | 'usd', Uint8Array | null>>(sql`select
      ${packed([sql`${id}`], sql`${createdAt} desc, ${id} desc`)} as newest,
      ${byPriceOf(sql`${minPriceEur}`)} as eur,
      ${byPriceOf(sql`${minPriceUsd}`)} as usd`),
    db.select({ id: categories.id, urlName: categories.urlName }).from(categories),
  ]);
  const row = result.rows[0];
  const [ids] = columns(row?.newest, 1) as [Int32Array];
  const size = ids.length;
  // Built in steps of some milliseconds each, so that searches answered meanwhile (by the index
  // this one replaces) do not wait for the whole build.
  await breathe();
  const eur = priceOrder(row?.eur);
  await breathe();
  const usd = priceOrder(row?.usd);
  await breathe();

  // Offer id to its newest-first place, only while building: 4 bytes per id up to the largest.
  let largest = 0;
  for (const offerId of ids) largest = Math.max(largest, offerId);
  const placeOf = new Int32Array(largest + 1);
  ids.forEach((offerId, k) => (placeOf[offerId] = k));
  const prices = { EUR: new Int32Array(size), USD: new Int32Array(size) };
  const categoryIds = new Int32Array(size);
  const tags = new Int32Array(size);
  for (const [currency, order] of [
    ['EUR', eur],
    ['USD', usd],
  ] as const) {
    for (let k = 0; k < size; k += 1) {
      const place = placeOf[order.ids[k]!]!;
      prices[currency][place] = order.prices[k]!;
      categoryIds[place] = order.categoryIds[k]!;
      tags[place] = order.tags[k]!;
    }
  }
  const only = ({ ids, prices, bits }: ReturnType<typeof priceOrder>) => ({ ids, prices, bits });
  await breathe();
  return {
    size,
    newest: { ids, prices, bits: orderBits(categoryIds, tags) },
    byPrice: { EUR: only(eur), USD: only(usd) },
    categoryIdOf: new Map(categoryRows.map((category) => [category.urlName, category.id])),
  };
}

/** The first k with prices[k] >= bound (prices ascending). */
function lowerBound(prices: Int32Array, bound: number): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle]! < bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The sets of an order a search's filters ask for; undefined when one of them has no offer. */
function setsOf(
  bits: OrderBits,
  filters: { categoryId: number; orientation: number; style: number },
): Bits[] | undefined {
  const sets: Bits[] = [];
  const wanted: [ReadonlyMap<number, Bits>, number][] = [
    [bits.byCategory, filters.categoryId],
    [bits.byOrientation, filters.orientation],
    [bits.byStyle, filters.style],
  ];
  for (const [byValue, value] of wanted) {
    if (value < 0) continue;
    const set = byValue.get(value);
    if (!set) return undefined;
    sets.push(set);
  }
  return sets;
}

/**
 * The matches of `filters` in `sort` order: their number and the ids of the `limit` after the
 * first `offset`. Matches lie in one stretch of the search currency's price order (found by binary
 * search), where they are counted; a price sort takes its page there too, newest first takes it
 * from the newest order and stops as soon as the page is full.
 */
export function findPage(
  index: SearchIndex,
  filters: IndexFilters,
  sort: Sort,
  offset: number,
  limit: number,
): IndexPage {
  const categoryId = filters.category === undefined ? -1 : index.categoryIdOf.get(filters.category);
  if (categoryId === undefined) return { total: 0, ids: [] };
  const wanted = {
    categoryId,
    orientation: filters.orientation ? ORIENTATIONS.indexOf(filters.orientation) : -1,
    style: filters.style ? STYLES.indexOf(filters.style) : -1,
  };
  const { currency, from, to, ids: only } = filters;
  const order = index.byPrice[currency];
  const sets = setsOf(order.bits, wanted);
  if (!sets) return { total: 0, ids: [] };
  const start = lowerBound(order.prices, from);
  const stop = lowerBound(order.prices, to + 1);
  // In a price order every place of [start, stop) is within the price range.
  const accept = only && ((k: number) => only.has(order.ids[k]!));
  const inPriceOrder = { sets, start, stop, accept, ids: order.ids, countAll: true };
  if (sort !== 'NewToOld')
    return scan({ ...inPriceOrder, backwards: sort === 'HighToLow', offset, limit });

  const { total } = scan({ ...inPriceOrder, backwards: false, offset: 0, limit: 0 });
  if (offset >= total) return { total, ids: [] };
  const { ids } = index.newest;
  const prices = index.newest.prices[currency];
  const { ids: page } = scan({
    // Every filter has an offer in the price order, so it has one here too.
    sets: setsOf(index.newest.bits, wanted) ?? [],
    start: 0,
    stop: index.size,
    backwards: false,
    accept: (k) => {
      const price = prices[k]!;
      return price >= from && price <= to && (only === undefined || only.has(ids[k]!));
    },
    ids,
    offset,
    limit,
    countAll: false,
  });
  return { total, ids: page };
}
