import AxeBuilder from '@axe-core/playwright';
import {
  LOCALES,
  paths,
  signedInOnlyPaths,
  signedOutOnlyPaths,
  staticPaths,
} from '@pictura/contract';
import { expect, signInWithToken, test, useLocale } from './fixtures';

// Every route of seed-spec section 2 renders in each language without a console error.
const openPaths = [
  ...staticPaths.filter(
    (path) =>
      !(signedInOnlyPaths as readonly string[]).includes(path) &&
      !(signedOutOnlyPaths as readonly string[]).includes(path),
  ),
  paths.galleryCategory('landscapes'),
  paths.picture('a-quiet-harbour'),
];

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test('every open and signed-out-only route renders', async ({
      page,
      baseURL,
      consoleErrors,
    }) => {
      await useLocale(page, locale, baseURL!);
      for (const path of [...openPaths, ...signedOutOnlyPaths]) {
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
    }) => {
      await useLocale(page, locale, baseURL!);
      await signInWithToken(page);
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

test('no route has a serious or critical accessibility violation', async ({ page }) => {
  for (const path of [...openPaths, ...signedOutOnlyPaths, '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(blocking.map((violation) => `${path}: ${violation.id}`)).toEqual([]);
  }
});
