import { eq } from 'drizzle-orm';
import { PICTURE_PAGE_PATH } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { createPublishedPictures, type PublishedPictures } from './picture-preload.js';
import { categories } from './schema.js';

/** `/gallery/{categoryName}` as the server matches a page request (a trailing slash is the same page). */
const CATEGORY_PAGE_PATH = /^\/gallery\/([^/]+)\/?$/;

/**
 * Whether a catalog page names something the shop shows: a published offer for a picture page, a
 * category for a category page; `undefined` for a path that is no catalog page. The page answers
 * 404 otherwise, so crawlers do not index "not found" pages as content.
 */
export function createCatalogPageLookup(
  db: Db,
  pictures: PublishedPictures = createPublishedPictures(db),
): (path: string) => Promise<boolean | undefined> {
  return async (path) => {
    const picture = PICTURE_PAGE_PATH.exec(path)?.[1];
    const category = picture ? undefined : CATEGORY_PAGE_PATH.exec(path)?.[1];
    if (picture === undefined && category === undefined) return undefined;
    let urlName: string;
    try {
      urlName = decodeURIComponent(picture ?? category ?? '').toLowerCase();
    } catch {
      return false;
    }
    if (picture) return (await pictures.get(urlName)) !== undefined;
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.urlName, urlName))
      .limit(1);
    return row !== undefined;
  };
}
