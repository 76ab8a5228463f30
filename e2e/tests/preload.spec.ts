import { paths } from '@pictura/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newestOffer } from './gallery-catalog';

// A page's data comes in its HTML (rendered on the server), so the browser asks the API for none
// of it; the page answer's Link header preloads the picture page's preview, which is only worth its
// bytes when the page then uses the very same file: one request below, two when the server's
// srcset and the page's drift apart.

/** The API requests the page makes from now on, as path and query. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

const countOf = (seen: string[], prefix: string) =>
  seen.filter((url) => url.startsWith(prefix)).length;

test('the picture page asks the API for nothing and fetches its preloaded preview once', async ({
  page,
  request,
  consoleErrors,
}) => {
  const newest = await newestOffer(request);
  const seen = apiRequests(page);

  const answer = await page.goto(paths.picture(newest.urlName));
  const link = answer?.headers().link ?? '';
  expect(link).not.toContain('/api/offers/');
  const imageKey = /<\/api\/images\/([0-9a-f]{32})\//.exec(link)?.[1];
  expect(imageKey).toBeDefined();

  const picture = page.getByRole('img', { name: `Preview of “${newest.title}”` });
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(countOf(seen, '/api/offers/get-one')).toBe(0);
  expect(countOf(seen, '/api/categories')).toBe(0);
  expect(countOf(seen, `/api/images/${imageKey}/`)).toBe(1);
  expect(consoleErrors).toEqual([]);
});

test('the home page shows the newest offers without asking the API for them', async ({ page }) => {
  const seen = apiRequests(page);

  await page.goto(paths.home);
  const latest = page.getByRole('region', { name: 'Latest pictures' });
  await expect(latest.getByRole('article').first()).toBeVisible();
  expect(countOf(seen, '/api/offers/latest')).toBe(0);
});
