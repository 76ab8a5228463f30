import { paths, signedInOnlyPaths } from '@pictura/contract';
import { expect, test } from './fixtures';
import { categoriesApi } from './gallery-catalog';
import { allOffers, readServerHtml } from './ssr-helpers';

// A crawler that runs no script reaches the whole catalog from the home page through the
// server's HTML alone: every category by the gallery's links, every picture through the
// gallery's paging links ("Load more" is a link to the next page).

/** Far more than the demo catalog needs (about 130 pages): a crawl that keeps going is a defect. */
const MAX_PAGES = 400;

/** Addresses a crawler should not follow: the API, files, pages behind sign-in, the back office. */
function followable(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  const path = url.pathname;
  if (path.startsWith('/api/') || path.startsWith('/assets/') || /\.\w+$/.test(path)) return false;
  if ((signedInOnlyPaths as readonly string[]).includes(path) || path.startsWith('/admin')) {
    return false;
  }
  // Filters (tags, sort, price) are other views of the same pictures; only paging adds pictures.
  return [...url.searchParams.keys()].every((name) => name === 'page');
}

test('from the home page, plain HTML links reach every category and every published picture', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const offersBefore = await allOffers(request);
  const categories = await categoriesApi(request);

  const visited = new Set<string>();
  /** The pictures the gallery's own pages (all categories, any page) link to. */
  const fromGalleryPages = new Set<string>();
  const queue = [new URL(paths.home, origin).href];
  const failed: string[] = [];
  while (queue.length > 0 && visited.size < MAX_PAGES) {
    const address = queue.shift()!;
    if (visited.has(address)) continue;
    visited.add(address);
    const response = await request.get(address, { headers: { accept: 'text/html' } });
    if (response.status() !== 200) failed.push(`${address}: ${response.status()}`);
    const html = await readServerHtml(page, await response.text());
    for (const href of html.links) {
      const url = new URL(href, address);
      url.hash = '';
      if (followable(url, origin) && !visited.has(url.href)) queue.push(url.href);
      if (
        new URL(address).pathname === paths.gallery &&
        url.pathname.startsWith('/gallery/picture/')
      ) {
        fromGalleryPages.add(url.pathname);
      }
    }
  }
  expect(visited.size).toBeLessThan(MAX_PAGES);
  expect(failed).toEqual([]);

  const reached = new Set([...visited].map((address) => new URL(address).pathname));
  const missingCategories = categories
    .map((category) => paths.galleryCategory(category.urlName))
    .filter((path) => !reached.has(path));
  expect(missingCategories).toEqual([]);
  // Pictures another journey publishes or withdraws meanwhile are left out of the comparison.
  const offersAfter = new Set((await allOffers(request)).map((offer) => offer.urlName));
  const expected = offersBefore.filter((offer) => offersAfter.has(offer.urlName));
  expect(expected.length).toBeGreaterThan(50);
  const missingPictures = expected
    .map((offer) => paths.picture(offer.urlName))
    .filter((path) => !reached.has(path));
  expect(missingPictures).toEqual([]);
  // Not only through the categories: the gallery's paging links alone lead to every picture.
  const missingFromPaging = expected
    .map((offer) => paths.picture(offer.urlName))
    .filter((path) => !fromGalleryPages.has(path));
  expect(missingFromPaging).toEqual([]);
});
