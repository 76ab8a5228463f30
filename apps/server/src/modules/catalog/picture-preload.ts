import { setTimeout } from 'node:timers/promises';
import { DETAIL_PREVIEW_SIZES, PICTURE_PAGE_PATH } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { CATALOG_CACHE_TTL_MS } from './catalog-caches.js';
import { offerImage } from './images.js';
import { offerDetailRow } from './service.js';
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

/** What a picture page's answer needs of its offer besides the render: the picture. */
type PictureRow = Parameters<typeof offerImage>[0];

/**
 * The published offers' pictures by url name, as the picture page's status (page-lookup.ts) and its
 * preload both need them: one query for both, kept as long as the catalog's answers and cleared
 * with them on every catalog change (`clear`).
 */
export interface PublishedPictures {
  /** The picture of the published offer of this url name (any case), or undefined. */
  get(urlName: string): Promise<PictureRow | undefined>;
  clear(): void;
}

export function createPublishedPictures(db: Db): PublishedPictures {
  const cache = createTtlCache<PictureRow | undefined>({
    ttlMs: CATALOG_CACHE_TTL_MS,
    maxEntries: 1_000,
  });
  return {
    get(urlName) {
      const key = urlName.toLowerCase();
      return cache.get(key, () => publishedPicture(db, key));
    },
    clear: () => cache.clear(),
  };
}

/** The offer's picture, from the offer's detail (its query shared with a render's ask for it). */
async function publishedPicture(db: Db, urlName: string): Promise<PictureRow | undefined> {
  const row = await offerDetailRow(db, urlName);
  return (
    row && {
      imageKey: row.imageKey,
      width: row.width,
      height: row.height,
      placeholder: row.placeholder,
    }
  );
}

/**
 * For a picture page's answer: the `Link` value that preloads the offer's preview (the page's
 * largest paint), or undefined for any other path and for an offer that is not published. The
 * page's HTML has the picture too; the header starts its download before the HTML is parsed. The
 * preview has the same srcset and sizes as the page's `<img>`, so the browser picks the same file
 * both times. Never fails nor waits long: a page is answered without the hint rather than late.
 */
export function createPicturePreload(
  db: Db,
  pictures: PublishedPictures = createPublishedPictures(db),
): (path: string) => Promise<string | undefined> {
  return async (path) => {
    const encoded = PICTURE_PAGE_PATH.exec(path)?.[1];
    if (!encoded) return undefined;
    // In an async function, so a name that does not decode is a rejection, answered like any other.
    const load = async () => pictures.get(decodeURIComponent(encoded));
    const hint = load()
      .then((row) => row && previewLink(row))
      .catch(() => undefined);
    return Promise.race([hint, setTimeout(HINT_WAIT_MS, undefined, { ref: false })]);
  };
}

function previewLink(row: PictureRow): string | undefined {
  const previews = offerImage(row).previews.filter(({ format }) => format === PRELOADED_FORMAT);
  const smallest = previews[0];
  if (!smallest) return undefined;
  const srcset = previews.map(({ url, width }) => `${url} ${width}w`).join(', ');
  return [
    `<${smallest.url}>`,
    'rel=preload',
    'as=image',
    `type="image/${PRELOADED_FORMAT}"`,
    `imagesrcset="${srcset}"`,
    `imagesizes="${DETAIL_PREVIEW_SIZES}"`,
    'fetchpriority=high',
  ].join('; ');
}
