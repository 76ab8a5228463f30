import { setTimeout } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { DETAIL_PREVIEW_SIZES, PICTURE_PAGE_PATH } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { CATALOG_CACHE_TTL_MS } from './catalog-caches.js';
import { offerImage } from './images.js';
import { offers } from './schema.js';
import { createTtlCache } from '../../lib/index.js';

/**
 * The format the picture page's first `<source>` offers (apps/web/src/features/gallery/
 * preview-sources.ts): every browser that can preload from a srcset also reads AVIF.
 */
const PRELOADED_FORMAT = 'avif';

/**
 * How long a page answer waits for its hint. A hung database (connections cut, not refused) would
 * otherwise hold every picture page for the pool's 5 s connect timeout.
 */
const HINT_WAIT_MS = 300;

/**
 * For a picture page's answer: the `Link` value that preloads the offer's preview (the page's
 * largest paint), or undefined for any other path and for an offer that is not published. The
 * page's HTML has the picture too; the header starts its download before the HTML is parsed. The
 * preview has the same srcset and sizes as the page's `<img>`, so the browser picks the same file
 * both times. Never fails nor waits long: a page is answered without the hint rather than late.
 */
export function createPicturePreload(db: Db): (path: string) => Promise<string | undefined> {
  const cache = createTtlCache<string | undefined>({
    ttlMs: CATALOG_CACHE_TTL_MS,
    maxEntries: 1_000,
  });
  return async (path) => {
    const encoded = PICTURE_PAGE_PATH.exec(path)?.[1];
    if (!encoded) return undefined;
    // In an async function, so a name that does not decode is a rejection, answered like any other.
    const load = async () => pageLinks(db, decodeURIComponent(encoded));
    const hint = cache.get(encoded, load).catch(() => undefined);
    return Promise.race([hint, setTimeout(HINT_WAIT_MS, undefined, { ref: false })]);
  };
}

async function pageLinks(db: Db, urlName: string): Promise<string | undefined> {
  const [row] = await db
    .select({
      imageKey: offers.imageKey,
      width: offers.width,
      height: offers.height,
      placeholder: offers.placeholder,
    })
    .from(offers)
    // Partial indexes apply only when the query says `published` in these words (service.ts).
    .where(and(sql`${offers.published}`, eq(offers.urlName, urlName.toLowerCase())))
    .limit(1);
  if (!row) return undefined;
  const previews = offerImage(row).previews.filter(({ format }) => format === PRELOADED_FORMAT);
  const smallest = previews[0];
  if (!smallest) return undefined;
  const srcset = previews.map(({ url, width }) => `${url} ${width}w`).join(', ');
  const preview = [
    `<${smallest.url}>`,
    'rel=preload',
    'as=image',
    `type="image/${PRELOADED_FORMAT}"`,
    `imagesrcset="${srcset}"`,
    `imagesizes="${DETAIL_PREVIEW_SIZES}"`,
    'fetchpriority=high',
  ].join('; ');
  return preview;
}
