import AxeBuilder from '@axe-core/playwright';
import {
  LOCALES,
  paths,
  signedInOnlyPaths,
  signedOutOnlyPaths,
  staticPaths,
} from '@pictura/contract';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, useLocale } from './fixtures';
import { searchApi } from './gallery-catalog';

// Every route of seed-spec section 2 renders in each language without a console error. One test
// per route and language: a walk over every route in one test paid the cold start of the server
// and the browser inside its own time limit, and one slow page failed all the others with it.

const fixedOpenPaths = staticPaths.filter(
  (path) =>
    !(signedInOnlyPaths as readonly string[]).includes(path) &&
    !(signedOutOnlyPaths as readonly string[]).includes(path),
);

/** A route's name in the test title, and how to find its address (some come from the catalog). */
interface RouteUnderTest {
  name: string;
  path: (request: APIRequestContext) => Promise<string>;
}

async function newestOffer(request: APIRequestContext) {
  const [newest] = (await searchApi(request, { PageSize: 1 })).items;
  if (!newest) throw new Error('The demo catalog is empty');
  return newest;
}

const fixed = (path: string): RouteUnderTest => ({ name: path, path: async () => path });

/** The fixed open routes, a real category and picture of the demo catalog, the signed-out ones. */
const openRoutes: RouteUnderTest[] = [
  ...fixedOpenPaths.map(fixed),
  {
    name: '/gallery/{categoryName}',
    path: async (request) => paths.galleryCategory((await newestOffer(request)).categoryName),
  },
  {
    name: '/gallery/picture/{urlName}',
    path: async (request) => paths.picture((await newestOffer(request)).urlName),
  },
  ...signedOutOnlyPaths.map(fixed),
];

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    for (const route of openRoutes) {
      test(`${route.name} renders`, async ({ page, request, baseURL, consoleErrors }) => {
        await useLocale(page, locale, baseURL!);
        await page.goto(await route.path(request));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        expect(consoleErrors).toEqual([]);
      });
    }

    for (const path of signedInOnlyPaths) {
      test(`${path} renders for a signed-in user`, async ({
        page,
        baseURL,
        consoleErrors,
        // Starts the page with a real user's tokens: the pages call the API, which checks them.
        signedIn: _signedIn,
      }) => {
        await useLocale(page, locale, baseURL!);
        await page.goto(path);
        await expect(page).toHaveURL(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        expect(consoleErrors).toEqual([]);
      });
    }
  });
}

for (const route of [...openRoutes, fixed('/no-such-page')]) {
  test(`${route.name} has no serious or critical accessibility violation`, async ({
    page,
    request,
  }) => {
    await page.goto(await route.path(request));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(blocking.map((violation) => violation.id)).toEqual([]);
  });
}
