import { and, eq, sql } from 'drizzle-orm';
import type { SearchOffersQuery } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { CatalogCaches } from './catalog-caches.js';
import { findPage, loadSearchIndex } from './search-index.js';
import { cardColumns, isoTimestamp, isPublished } from './service.js';
import { summaryParts, writeSummary, type SummaryParts } from './summary-texts.js';
import { loadTextMatches, prefixQuery } from './text-search.js';
import { categories, offers } from './schema.js';

/**
 * The summaries of offers by id in both currencies, as a prepared statement per database: planning
 * the query cost PostgreSQL several times its execution (5 ms against 0.8 on a busy machine). The
 * ids go as one array literal, so every page size is the same statement.
 */
const summariesById = new WeakMap<Db, ReturnType<typeof prepareSummaries>>();

function prepareSummaries(db: Db) {
  return db
    .select({
      ...cardColumns,
      createdAt: isoTimestamp(sql`${offers.createdAt}`),
      priceEur: offers.minPriceEur,
      priceUsd: offers.minPriceUsd,
    })
    .from(offers)
    .innerJoin(categories, eq(categories.id, offers.categoryId))
    .where(and(isPublished, sql`${offers.id} = any(${sql.placeholder('ids')}::int[])`))
    .prepare('search_summaries');
}

async function readSummaryParts(db: Db, ids: readonly number[]): Promise<SummaryParts[]> {
  let statement = summariesById.get(db);
  if (!statement) summariesById.set(db, (statement = prepareSummaries(db)));
  const rows = await statement.execute({ ids: `{${ids.join(',')}}` });
  return rows.map(summaryParts);
}

/**
 * GET /api/offers: filtered, sorted by newest or the cheapest variant's price, one page, as the JSON
 * text of a SearchOffersResponse in UTF-8. The process's search index (search-index.ts) finds the page's ids
 * and the total; the summaries' texts are the kept ones (summary-texts.ts), and the database reads
 * those of the others by primary key. Text words are
 * matched by PostgreSQL once per words (text-search.ts) and the matches kept, so every query means
 * exactly what it means in SQL.
 */
export async function searchOffersJson(
  db: Db,
  query: SearchOffersQuery,
  caches: CatalogCaches,
): Promise<Buffer> {
  const { Currency: currency, Page: page, PageSize: pageSize } = query;
  const words = query.Search ? prefixQuery(query.Search) : undefined;
  const [index, matches] = await Promise.all([
    caches.searchIndex.get(() => loadSearchIndex(db)),
    words === undefined
      ? undefined
      : caches.textMatches.get(words, () => loadTextMatches(db, words)),
  ]);
  const found = findPage(
    index,
    {
      currency,
      from: query.From,
      to: query.To,
      orientation: query.Orientation,
      // Style=None means no style filter.
      style: query.Style === 'None' ? undefined : query.Style,
      category: query.Category?.toLowerCase(),
      ids: matches,
    },
    query.Sort,
    (page - 1) * pageSize,
    pageSize,
  );
  const summaries =
    found.ids.length === 0
      ? new Map<number, SummaryParts>()
      : await caches.summaryTexts.read(found.ids, (missing) => readSummaryParts(db, missing));
  // An offer unpublished since the index was read is left out until its change notice clears it.
  // The keys of SearchOffersResponseSchema in its order (search.int.test.ts checks the whole text),
  // joined once into one flat string and encoded once.
  const parts = ['{"items":['];
  for (const id of found.ids) {
    const summary = summaries.get(id);
    if (!summary) continue;
    if (parts.length > 1) parts.push(',');
    writeSummary(parts, summary, currency);
  }
  parts.push(`],"total":${found.total},"page":${page},"pageSize":${pageSize}}`);
  return Buffer.from(parts.join(''));
}
