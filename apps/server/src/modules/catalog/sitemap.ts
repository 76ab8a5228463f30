import { Readable } from 'node:stream';
import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { paths, publicPagePaths } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { escapeXml } from '../../lib/index.js';
import { categories, offers } from './schema.js';

/** sitemaps.org's limit of URLs in one sitemap. */
export const URLS_PER_SITEMAP = 50_000;
/** Offers read per query while a sitemap streams: what the process holds at once. */
const ROWS_PER_READ = 1_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlEntry = (loc: string, lastmod?: Date): string =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

/**
 * The sitemaps crawlers read (sitemaps.org): an index, one sitemap of the pages and categories, and
 * the offers split by id range, `URLS_PER_SITEMAP` ids each, so that a sitemap's address keeps
 * listing the same offers as the catalog grows. Offer sitemaps stream from the database a batch at
 * a time, so their size never shows in the process's memory.
 */
export function createSitemaps(db: Db, publicUrl: string) {
  const absolute = (path: string) => `${publicUrl}${path}`;

  return {
    /** The sitemap index: the pages sitemap, then every offer range holding a published offer. */
    async index(): Promise<string> {
      // A literal, not a parameter: GROUP BY must see the very expression the SELECT has.
      const part = sql<number>`(${offers.id} - 1) / ${sql.raw(String(URLS_PER_SITEMAP))}`.mapWith(
        Number,
      );
      const parts = await db
        .select({ part, lastmod: max(offers.updatedAt) })
        .from(offers)
        .where(eq(offers.published, true))
        .groupBy(part)
        .orderBy(part);
      const newest = parts.reduce<Date | null>(
        (latest, row) => (row.lastmod && (!latest || row.lastmod > latest) ? row.lastmod : latest),
        null,
      );
      const entries = [
        { loc: absolute('/sitemaps/pages.xml'), lastmod: newest },
        ...parts.map((row) => ({
          loc: absolute(`/sitemaps/offers-${row.part + 1}.xml`),
          lastmod: row.lastmod,
        })),
      ];
      return (
        `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n` +
        entries
          .map(
            ({ loc, lastmod }) =>
              `<sitemap><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</sitemap>\n`,
          )
          .join('') +
        '</sitemapindex>\n'
      );
    },

    /** The public pages, then each category, last changed when it or its newest offer was. */
    async pages(): Promise<string> {
      const lastmod =
        sql<Date>`greatest(${categories.createdAt}, max(${offers.updatedAt}))`.mapWith(
          categories.createdAt,
        );
      const rows = await db
        .select({ urlName: categories.urlName, lastmod })
        .from(categories)
        .leftJoin(offers, and(eq(offers.categoryId, categories.id), eq(offers.published, true)))
        .groupBy(categories.id, categories.urlName, categories.createdAt)
        .orderBy(asc(categories.id));
      return (
        `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n` +
        publicPagePaths.map((path) => urlEntry(absolute(path))).join('') +
        rows
          .map((row) => urlEntry(absolute(paths.galleryCategory(row.urlName)), row.lastmod))
          .join('') +
        '</urlset>\n'
      );
    },

    /** The published offers with ids in the `part`th range (from 1), streamed. */
    offers(part: number): Readable {
      const lastId = part * URLS_PER_SITEMAP;
      async function* lines(): AsyncGenerator<string> {
        yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`;
        let after = lastId - URLS_PER_SITEMAP;
        for (;;) {
          const batch = await db
            .select({ id: offers.id, urlName: offers.urlName, lastmod: offers.updatedAt })
            .from(offers)
            .where(and(eq(offers.published, true), gt(offers.id, after), lte(offers.id, lastId)))
            .orderBy(asc(offers.id))
            .limit(ROWS_PER_READ);
          if (batch.length > 0) {
            yield batch
              .map((row) => urlEntry(absolute(paths.picture(row.urlName)), row.lastmod))
              .join('');
          }
          const last = batch.at(-1);
          if (!last || batch.length < ROWS_PER_READ) break;
          after = last.id;
        }
        yield '</urlset>\n';
      }
      return Readable.from(lines());
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
