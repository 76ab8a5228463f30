import { paths, signedInOnlyPaths, type OfferSummary } from '@pictura/contract';
import type { APIRequestContext, Page } from '@playwright/test';
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

interface Crawl {
  visited: Set<string>;
  /** The pictures the gallery's own pages (all categories, any page) link to. */
  fromGalleryPages: Set<string>;
  /** Whether two of the gallery's pages linked to the same picture. */
  galleryPagesOverlap: boolean;
  failed: string[];
}

async function crawl(page: Page, request: APIRequestContext, origin: string): Promise<Crawl> {
  const result: Crawl = {
    visited: new Set(),
    fromGalleryPages: new Set(),
    galleryPagesOverlap: false,
    failed: [],
  };
  const queue = [new URL(paths.home, origin).href];
  while (queue.length > 0 && result.visited.size < MAX_PAGES) {
    const address = queue.shift()!;
    if (result.visited.has(address)) continue;
    result.visited.add(address);
    const response = await request.get(address, { headers: { accept: 'text/html' } });
    if (response.status() !== 200) result.failed.push(`${address}: ${response.status()}`);
    const html = await readServerHtml(page, await response.text());
    const pictures = new Set<string>();
    for (const href of html.links) {
      const url = new URL(href, address);
      url.hash = '';
      if (followable(url, origin) && !result.visited.has(url.href)) queue.push(url.href);
      if (
        new URL(address).pathname === paths.gallery &&
        url.pathname.startsWith('/gallery/picture/')
      ) {
        pictures.add(url.pathname);
      }
    }
    for (const picture of pictures) {
      if (result.fromGalleryPages.has(picture)) result.galleryPagesOverlap = true;
      result.fromGalleryPages.add(picture);
    }
  }
  return result;
}

const orderOf = (offers: OfferSummary[]) => offers.map((offer) => offer.urlName).join(' ');

/**
 * Other journeys publish and withdraw offers meanwhile. Paging is by position, so a picture
 * withdrawn while the crawl is under way moves every later one a place forward and the crawl
 * steps over one of them, as any visitor paging at that moment would. The crawl therefore counts
 * only when the catalog's order was the same before and after it, no picture came on two of the
 * gallery's pages, and the gallery showed no picture missing from the list after it (a picture
 * published and withdrawn again during the crawl shifts the pages it was on, which may then
 * leave the last picture to a page that is gone by the time it is read); it is tried a few times.
 */
const ATTEMPTS = 4;

test('from the home page, plain HTML links reach every category and every published picture', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  const categories = await categoriesApi(request);

  let offers: OfferSummary[] = [];
  let result: Crawl | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS && !result; attempt++) {
    const before = await allOffers(request);
    const candidate = await crawl(page, request, origin);
    offers = await allOffers(request);
    const listed = new Set(offers.map((offer) => paths.picture(offer.urlName)));
    const stood = orderOf(before) === orderOf(offers) && !candidate.galleryPagesOverlap;
    if (stood && [...candidate.fromGalleryPages].every((path) => listed.has(path))) {
      result = candidate;
    }
  }
  if (!result) throw new Error(`The catalog changed during each of ${ATTEMPTS} crawls`);
  const { visited, fromGalleryPages, failed } = result;
  expect(visited.size).toBeLessThan(MAX_PAGES);
  expect(failed).toEqual([]);

  const reached = new Set([...visited].map((address) => new URL(address).pathname));
  const missingCategories = categories
    .map((category) => paths.galleryCategory(category.urlName))
    .filter((path) => !reached.has(path));
  expect(missingCategories).toEqual([]);
  expect(offers.length).toBeGreaterThan(50);
  const missingPictures = offers
    .map((offer) => paths.picture(offer.urlName))
    .filter((path) => !reached.has(path));
  expect(missingPictures).toEqual([]);
  // Not only through the categories: the gallery's paging links alone lead to every picture.
  const missingFromPaging = offers
    .map((offer) => paths.picture(offer.urlName))
    .filter((path) => !fromGalleryPages.has(path));
  expect(missingFromPaging).toEqual([]);
});
