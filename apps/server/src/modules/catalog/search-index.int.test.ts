// The in-memory search (search-index.ts) against a plain SQL query written here: for random filters,
// price ranges, sorts, pages and words, the same offers in the same order with the same total, also
// after the catalog changes.
import { and, asc, between, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiPaths,
  ORIENTATIONS,
  SORTS,
  STYLES,
  type Currency,
  type Orientation,
  type Sort,
  type Style,
} from '@pictura/contract';
import type { App } from '../../app.js';
import type { Db } from '../../infra/db/index.js';
import { createRandom } from '../../infra/image-generation/index.js';
import { buildTestApp, describeEachEngine } from '../../test/index.js';
import { createCategories, createOffers, type NewOffer } from './offer-writes.js';
import { categories, offers } from './schema.js';
import { prefixQuery } from './text-search.js';

const WORDS = [
  'red',
  'fox',
  'foxes',
  'running',
  'night',
  'owl',
  'painted',
  'sky',
  'ocean',
  'nebula',
];
const CATEGORY_NAMES = ['animals', 'space', 'sea', 'empty'];
const OFFERS = 240;
const DAY = 24 * 3_600_000;

interface Query {
  Sort: Sort;
  Currency: Currency;
  From: number;
  To: number;
  Orientation?: Orientation;
  Style?: Style | 'None';
  Category?: string;
  Search?: string;
  Page: number;
  PageSize: number;
}

/** Offers with many ties (prices from a short list, shared creation times), some unpublished. */
function testOffers(categoryIds: number[], run: string, count: number): NewOffer[] {
  const shared = new Date(Date.now() - 3 * DAY);
  return Array.from({ length: count }, (_, index) => {
    const rng = createRandom('search-index', run, index);
    const eur = 100 * rng.int(1, 12);
    const usd = rng.next() < 0.5 ? eur : 100 * rng.int(1, 12);
    const title = `${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
    const [width, height] = rng.pick([
      [1600, 1000],
      [1000, 1600],
      [1200, 1200],
    ] as const);
    const createdAt = rng.next() < 0.3 ? shared : new Date(Date.now() - rng.int(0, 50) * DAY);
    return {
      urlName: `offer-${run}-${index}`,
      title,
      description: `${title}, made for the search test.`,
      style: rng.pick(STYLES.filter((style) => style !== 'None')),
      categoryId: rng.pick(categoryIds),
      tags: [rng.pick(WORDS)],
      prompt: title,
      seed: index,
      image: {
        imageKey: index.toString(16).padStart(32, '0'),
        width,
        height,
        placeholder: 'data:image/webp;base64,AAAA',
      },
      attributes: [
        { kind: 'standard', prices: { EUR: eur, USD: usd } },
        { kind: 'full', prices: { EUR: eur * 3, USD: usd * 3 } },
      ],
      published: rng.next() < 0.85,
      // Some offers take the transaction's now(): equal timestamps, in microseconds.
      ...(rng.next() < 0.1 ? {} : { createdAt }),
    };
  });
}

/** The search as one straightforward SQL query and its count. */
async function reference(db: Db, query: Query): Promise<{ urlNames: string[]; total: number }> {
  const price = query.Currency === 'EUR' ? offers.minPriceEur : offers.minPriceUsd;
  const conditions: SQL[] = [sql`${offers.published}`, between(price, query.From, query.To)];
  if (query.Orientation) conditions.push(eq(offers.orientation, query.Orientation));
  if (query.Style && query.Style !== 'None') conditions.push(eq(offers.style, query.Style));
  if (query.Category) conditions.push(eq(categories.urlName, query.Category.toLowerCase()));
  const words = query.Search ? prefixQuery(query.Search) : undefined;
  if (words) conditions.push(sql`${offers.searchDocument} @@ to_tsquery('english', ${words})`);
  const where = and(...conditions);
  const order =
    query.Sort === 'LowToHigh'
      ? [asc(price), asc(offers.id)]
      : query.Sort === 'HighToLow'
        ? [desc(price), desc(offers.id)]
        : [desc(offers.createdAt), desc(offers.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ urlName: offers.urlName })
      .from(offers)
      .innerJoin(categories, eq(categories.id, offers.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(query.PageSize)
      .offset((query.Page - 1) * query.PageSize),
    db
      .select({ total: count() })
      .from(offers)
      .innerJoin(categories, eq(categories.id, offers.categoryId))
      .where(where),
  ]);
  return { urlNames: rows.map((row) => row.urlName), total: counted?.total ?? 0 };
}

const queryArbitrary: fc.Arbitrary<Query> = fc
  .record({
    Sort: fc.constantFrom(...SORTS),
    Currency: fc.constantFrom<Currency>('EUR', 'USD'),
    bounds: fc.tuple(fc.integer({ min: 0, max: 1_300 }), fc.integer({ min: 0, max: 1_300 })),
    Orientation: fc.option(fc.constantFrom(...ORIENTATIONS), { nil: undefined }),
    Style: fc.option(fc.constantFrom(...STYLES), { nil: undefined }),
    Category: fc.option(fc.constantFrom(...CATEGORY_NAMES, 'SPACE', 'unknown'), { nil: undefined }),
    Search: fc.option(
      fc.oneof(
        fc.constantFrom(...WORDS),
        fc.constantFrom('fo', 'n', 'run', 'runs', 'FOX sky', 'paint oc', 'zebra', '!:*'),
      ),
      { nil: undefined },
    ),
    Page: fc.integer({ min: 1, max: 4 }),
    PageSize: fc.constantFrom(1, 5, 24, 60),
  })
  .map(({ bounds: [a, b], ...query }) => ({ ...query, From: Math.min(a, b), To: Math.max(a, b) }));

const urlOf = (query: Query) =>
  `${apiPaths.offers}?${new URLSearchParams(
    Object.entries(query).flatMap(([key, value]): [string, string][] =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  )}`;

describeEachEngine('catalog search index', (ctx) => {
  let app: App;
  let categoryIds: number[];

  const search = async (query: Query) => {
    const response = await app.inject({ method: 'GET', url: urlOf(query) });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { items: { urlName: string }[]; total: number };
    return { urlNames: body.items.map((item) => item.urlName), total: body.total };
  };

  beforeAll(async () => {
    const rows = await createCategories(
      ctx.database.db,
      CATEGORY_NAMES.map((urlName) => ({
        urlName,
        names: { en: urlName, es: urlName, ja: urlName },
      })),
    );
    // Nothing in the last category ('empty').
    categoryIds = rows.slice(0, -1).map((row) => row.id);
    await createOffers(ctx.database.db, testOffers(categoryIds, 'first', OFFERS));
    // One app for the file: the second test starts from what the first cached.
    app = await buildTestApp({ database: ctx.database });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers every search as the SQL query does: items, order and total', async () => {
    await fc.assert(
      fc.asyncProperty(queryArbitrary, async (query) => {
        expect(await search(query)).toEqual(await reference(ctx.database.db, query));
      }),
      { numRuns: 150 },
    );
  });

  it('follows every change: publishing, prices, categories, words and new offers', async () => {
    const db = ctx.database.db;
    const queries = fc.sample(queryArbitrary, { numRuns: 40, seed: 7 });
    const answers = () => Promise.all(queries.map(search));
    const before = await answers(); // the index, text matches and answers now cached
    const ids = (await db.select({ id: offers.id }).from(offers).orderBy(asc(offers.id))).map(
      (row) => row.id,
    );

    await db
      .update(offers)
      .set({ published: sql`not ${offers.published}` })
      .where(inArray(offers.id, ids.slice(0, 30)));
    await db
      .update(offers)
      .set({ minPriceEur: sql`${offers.minPriceEur} + 150`, minPriceUsd: 1 })
      .where(inArray(offers.id, ids.slice(30, 60)));
    await db
      .update(offers)
      .set({ categoryId: categoryIds[0]! })
      .where(inArray(offers.id, ids.slice(60, 80)));
    await db
      .update(offers)
      .set({ searchDocument: sql`to_tsvector('english', 'zebra crossing')` })
      .where(inArray(offers.id, ids.slice(80, 90)));
    await createOffers(db, testOffers(categoryIds, 'second', 20));

    const expected = await Promise.all(queries.map((query) => reference(db, query)));
    expect(expected).not.toEqual(before);
    // The change notices arrive asynchronously after each commit.
    await expect.poll(answers, { timeout: 5_000 }).toEqual(expected);
  });

  it("shows an offer's new title, category and prices in the next search, in both currencies", async () => {
    const db = ctx.database.db;
    type Item = { id: number; title: string; categoryName: string; price: { amount: number } };
    const firstItem = async (currency: Currency) => {
      const query = `${apiPaths.offers}?Sort=NewToOld&From=0&To=100000&Currency=${currency}&PageSize=1`;
      const response = await app.inject({ method: 'GET', url: query });
      return (response.json() as { items: Item[] }).items[0];
    };
    // Both searches now hold the newest offer's summary.
    const [eurBefore, usdBefore] = [await firstItem('EUR'), await firstItem('USD')];
    if (!eurBefore) throw new Error('no offer');
    expect(usdBefore?.id).toBe(eurBefore.id);

    await db
      .update(offers)
      .set({ title: 'Renamed', categoryId: categoryIds[1]!, minPriceEur: 777, minPriceUsd: 888 })
      .where(eq(offers.id, eurBefore.id));

    const shown = async () => {
      const [eur, usd] = [await firstItem('EUR'), await firstItem('USD')];
      return [eur?.title, eur?.categoryName, eur?.price.amount, usd?.price.amount];
    };
    await expect.poll(shown, { timeout: 5_000 }).toEqual(['Renamed', CATEGORY_NAMES[1], 777, 888]);
  });
});
