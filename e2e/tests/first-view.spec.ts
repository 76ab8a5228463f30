import { paths } from '@pictura/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newestOffer } from './gallery-catalog';

// The first views of the home, gallery and picture pages check their values without zod and so
// load none of it (docs/decisions/performance/no-zod-in-the-first-views.md); the pages with forms
// load zod, whose compiled parsers must stay off so that the CSP reports nothing.

/** Script files the page loads from now on, and the CSP violations it reports. */
async function watch(
  page: Page,
): Promise<{ scripts: string[]; violations: () => Promise<string[]> }> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(event.effectiveDirective);
    });
  });
  const violations = () =>
    page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations ?? []);
  return { scripts, violations };
}

const isZodChunk = (path: string) => /\/assets\/zod-[\w-]+\.js$/.test(path);

test('the home, gallery and picture pages load no zod', async ({ page, request }) => {
  const newest = await newestOffer(request);
  const { scripts } = await watch(page);

  await page.goto(paths.home);
  await expect(
    page.getByRole('region', { name: 'Latest pictures' }).getByRole('article').first(),
  ).toBeVisible();
  await page.goto(paths.gallery);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto(paths.picture(newest.urlName));
  await expect(page.getByRole('heading', { level: 1, name: newest.title })).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(isZodChunk)).toEqual([]);
});

test('the home page fetches its offers lazily, the gallery its first row at once', async ({
  page,
}) => {
  const priorities = (images: Locator) =>
    images.evaluateAll((all: HTMLImageElement[]) =>
      all.map((image) => `${image.loading}/${image.getAttribute('fetchpriority')}`),
    );

  await page.goto(paths.home);
  const latest = page.getByRole('region', { name: 'Latest pictures' });
  await expect(latest.getByRole('article').first()).toBeVisible();
  // Below the hero: none of them may compete with the page's code for the first paint.
  expect(new Set(await priorities(latest.locator('img')))).toEqual(new Set(['lazy/auto']));

  await page.goto(paths.gallery);
  await expect(page.getByRole('article').first()).toBeVisible();
  const gallery = await priorities(page.getByRole('main').getByRole('article').locator('img'));
  // At once, but not ahead of the styles: on a phone the largest paint is the intro text.
  expect(gallery.slice(0, 5)).toEqual([...Array(4).fill('eager/low'), 'lazy/auto']);
});

test('a page with a form loads zod, and zod does not probe eval against the CSP', async ({
  page,
  consoleErrors,
}) => {
  const { scripts, violations } = await watch(page);

  await page.goto(paths.signUp);
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill('not an email');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Enter a valid email address').first()).toBeVisible();

  expect(scripts.filter(isZodChunk)).toHaveLength(1);
  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("the picture page's code is fetched at low priority, and the app's once its first view is on screen", async ({
  page,
  request,
}) => {
  const newest = await newestOffer(request);
  await page.goto(paths.picture(newest.urlName));
  await expect(page.getByRole('heading', { level: 1, name: newest.title })).toBeVisible();

  // The entry and the preload of its import, as the server sent them (the app adds preloads of its
  // own later): behind the styles and the preview, out of the first paint.
  const html = await (await request.get(paths.picture(newest.urlName))).text();
  const entryTags =
    html.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(entryTags.length).toBeGreaterThan(0);
  for (const tag of entryTags) expect(tag).toContain('fetchpriority="low"');

  const timings = await page.evaluate(async () => {
    // Element Timing reports the preview when the screen showed it (buffered: it has happened).
    const previewShown = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const [entry] = list.getEntries() as (PerformanceEntry & { renderTime: number })[];
        if (entry) resolve(entry.renderTime);
      }).observe({ type: 'element', buffered: true });
    });
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const appCode = performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/main-[\w-]+\.js$/.test(new URL(entry.name).pathname));
    return { previewShown, firstPaint, appCodeRequested: appCode?.startTime };
  });
  expect(timings.firstPaint).toBeDefined();
  expect(timings.appCodeRequested).toBeDefined();
  expect(timings.appCodeRequested).toBeGreaterThanOrEqual(timings.previewShown);
  expect(timings.appCodeRequested).toBeGreaterThanOrEqual(timings.firstPaint ?? Infinity);
});
