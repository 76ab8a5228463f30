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

// Every route of seed-spec section 2 renders in each language without a console error.

const fixedOpenPaths = staticPaths.filter(
  (path) =>
    !(signedInOnlyPaths as readonly string[]).includes(path) &&
    !(signedOutOnlyPaths as readonly string[]).includes(path),
);

/** The fixed routes plus a real category and picture of the demo catalog. */
async function openPaths(request: APIRequestContext): Promise<string[]> {
  const [newest] = (await searchApi(request, { PageSize: 1 })).items;
  if (!newest) throw new Error('The demo catalog is empty');
  return [
    ...fixedOpenPaths,
    paths.galleryCategory(newest.categoryName),
    paths.picture(newest.urlName),
  ];
}

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test('every open and signed-out-only route renders', async ({
      page,
      request,
      baseURL,
      consoleErrors,
    }) => {
      await useLocale(page, locale, baseURL!);
      for (const path of [...(await openPaths(request)), ...signedOutOnlyPaths]) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
      }
      expect(consoleErrors).toEqual([]);
    });

    test('every signed-in-only route renders for a signed-in user', async ({
      page,
      baseURL,
      consoleErrors,
      // Starts the page with a real user's tokens: the pages call the API, which checks them.
      signedIn: _signedIn,
    }) => {
      await useLocale(page, locale, baseURL!);
      for (const path of signedInOnlyPaths) {
        await page.goto(path);
        await expect(page).toHaveURL(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      }
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('no route has a serious or critical accessibility violation', async ({ page, request }) => {
  // About twenty pages, each analysed in full: more than the default 30 s.
  test.setTimeout(120_000);
  for (const path of [...(await openPaths(request)), ...signedOutOnlyPaths, '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(blocking.map((violation) => `${path}: ${violation.id}`)).toEqual([]);
  }
});
