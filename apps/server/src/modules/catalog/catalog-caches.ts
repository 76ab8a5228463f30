import type { z } from 'zod';
import type { Category } from '@pictura/contract';
import { createTtlCache, type TtlCache } from '../../lib/index.js';
import { createRefreshedValue, type RefreshedValue } from './refreshed-value.js';
import type { SearchIndex } from './search-index.js';
import { createSummaryTexts, type SummaryTexts } from './summary-texts.js';
import type { IdSet } from './text-search.js';

/**
 * What the shop's catalog calls keep per process. Browsing asks for the same pages, offers and
 * counts again and again: a cached answer is sent as the JSON text it was, without a query or a
 * serialisation. Every change to the catalog tables clears them all (a NOTIFY from the database's
 * triggers, see module.ts), so answers are current; the time to live only bounds what a process
 * that missed a notice (its listening connection lost) may show.
 */
export interface CatalogCaches {
  /**
   * The search index of the published offers: searches walk it instead of counting and sorting in
   * the database. Rebuilt by the first search after a change (concurrent searches wait for the
   * same build); past the time to live rebuilt in the background while the old one still serves.
   */
  searchIndex: RefreshedValue<SearchIndex>;
  /** The JSON texts of the summaries searches show most, so a search reads only the others. */
  summaryTexts: SummaryTexts;
  /** The offers a search's words match (PostgreSQL's text query), by prefix query. */
  textMatches: TtlCache<IdSet>;
  categories: TtlCache<Category[]>;
  /** Whole answers as JSON text in UTF-8, by route and parsed query, from their second request. */
  answers: TtlCache<Buffer>;
  clear(): void;
}

export const CATALOG_CACHE_TTL_MS = 30_000;

export function createCatalogCaches(): CatalogCaches {
  const caches = {
    // About 5 MB at 100,000 offers (search-index.ts).
    searchIndex: createRefreshedValue<SearchIndex>({ ttlMs: CATALOG_CACHE_TTL_MS }),
    // Some 1.24 kB a summary, two thirds of it the previews' addresses: every offer of a catalog of
    // 100,000 in about 124 MB; past 128 MB the least recently shown go first.
    summaryTexts: createSummaryTexts({ maxChars: 128_000_000, ttlMs: CATALOG_CACHE_TTL_MS }),
    // A bit per offer id: 12.5 kB each at 100,000 offers, at most some 12.5 MB.
    textMatches: createTtlCache<IdSet>({ ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 1_000 }),
    categories: createTtlCache<Category[]>({ ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 1 }),
    // A page of 24 offers is about 30 KB of JSON: at most some 30 MB. Only answers asked for twice
    // are kept: a search asked once (a new price range) would otherwise push out what browsing
    // repeats, and at 1,000 such searches a second promote 30 MB a second to the old generation.
    answers: createTtlCache<Buffer>({
      ttlMs: CATALOG_CACHE_TTL_MS,
      maxEntries: 1_000,
      keepRepeated: true,
    }),
  };
  return {
    ...caches,
    clear() {
      for (const cache of Object.values(caches)) cache.clear();
    },
  };
}

/**
 * The answer of `route` to `query` as JSON text in UTF-8: cached, or loaded and serialised through
 * the route's response schema (as Fastify would, so a cached answer is byte for byte a fresh one).
 * Bytes, so that sending a cached answer encodes nothing.
 */
export function cachedAnswer<T>(
  caches: CatalogCaches,
  route: string,
  query: object,
  schema: z.ZodType<T>,
  load: () => Promise<T>,
): Promise<Buffer> {
  return cachedJson(caches, route, query, async () =>
    Buffer.from(JSON.stringify(schema.parse(await load()))),
  );
}

/**
 * The answer of `route` to `query`: cached, or `load`ed as JSON text in UTF-8 already (a serialiser
 * written for the route, held to its schema's output by tests).
 */
export function cachedJson(
  caches: CatalogCaches,
  route: string,
  query: object,
  load: () => Promise<Buffer>,
): Promise<Buffer> {
  return caches.answers.get(`${route} ${JSON.stringify(query)}`, load);
}
