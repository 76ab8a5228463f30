import AxeBuilder from '@axe-core/playwright';
import { paths, signedInOnlyPaths, signedOutOnlyPaths, staticPaths } from '@pictura/contract';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { newestOffer } from './gallery-catalog';

// Every open route of docs/product/screens.md#routes has no serious or critical accessibility
// violation. That every route renders in each language, hydrates and logs no error:
// ssr-hydration.spec.ts.

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
