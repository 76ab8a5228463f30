import type { z } from 'zod';
import type { Category } from '@pictura/contract';
import { createTtlCache, type TtlCache } from '../../lib/index.js';

/**
 * What the shop's catalog calls keep per process. Browsing asks for the same pages, offers and
 * counts again and again: a cached answer is sent as the JSON text it was, without a query or a
 * serialisation. Every change to the catalog tables clears them all (a NOTIFY from the database's
 * triggers, see module.ts), so answers are current; the time to live only bounds what a process
 * that missed a notice (its listening connection lost) may show.
 */
export interface CatalogCaches {
  /**
   * The number of matches of a search's filters: counting a wide filter reads much of an index
   * (about 10 ms at 100,000 offers) while the page itself takes well under one.
   */
  totals: TtlCache<number>;
  categories: TtlCache<Category[]>;
  /** Whole answers as JSON text, by route and parsed query. */
  answers: TtlCache<string>;
  clear(): void;
}

export const CATALOG_CACHE_TTL_MS = 30_000;

export function createCatalogCaches(): CatalogCaches {
  const caches = {
    totals: createTtlCache<number>({ ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 2_000 }),
    categories: createTtlCache<Category[]>({ ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 1 }),
    // A page of 24 offers is about 25 KB of JSON: at most some 25 MB.
    answers: createTtlCache<string>({ ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 1_000 }),
  };
  return {
    ...caches,
    clear() {
      for (const cache of Object.values(caches)) cache.clear();
    },
  };
}

/**
 * The answer of `route` to `query` as JSON text: cached, or loaded and serialised through the
 * route's response schema (as Fastify would, so a cached answer is byte for byte a fresh one).
 */
export function cachedAnswer<T>(
  caches: CatalogCaches,
  route: string,
  query: object,
  schema: z.ZodType<T>,
  load: () => Promise<T>,
): Promise<string> {
  return caches.answers.get(`${route} ${JSON.stringify(query)}`, async () =>
    JSON.stringify(schema.parse(await load())),
  );
}
