import { staticPaths } from '@pictura/contract';

/** Whether a catalog page names something that exists; `undefined` for a path that is none. */
export type CatalogPageLookup = (path: string) => Promise<boolean | undefined>;

const STATIC_PAGES = new Set<string>(staticPaths);
/** The back office's pages, which the web app routes and guards itself. */
const ADMIN_PAGES = /^\/admin(\/|$)/;

/**
 * The status of a page answer: 200 for a page the web app has whose subject exists, 404 for any
 * other (the app then shows its own not-found page), so that crawlers and link checkers see what a
 * visitor sees. A lookup that fails is not taken for a missing page.
 */
export async function pageStatus(path: string, lookUp: CatalogPageLookup): Promise<200 | 404> {
  // Paths are matched without regard to case, and a trailing slash is the same page.
  const page = (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  if (STATIC_PAGES.has(page) || ADMIN_PAGES.test(page)) return 200;
  const exists = await lookUp(page).catch(() => true);
  return exists === true ? 200 : 404;
}
