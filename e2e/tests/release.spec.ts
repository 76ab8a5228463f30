import { BuildLatestSchema } from '@pictura/contract';
import { expect, test } from './fixtures';
import { waitForHydration } from './hydration';

// docs/product/browser.md#release-detection: when a new build is released the app reloads on the
// next navigation.
test('a new build id makes the next navigation a full reload', async ({ page }) => {
  let servedBuildId: string | null = null;
  await page.route('**/builds/latest.json*', async (route) => {
    if (servedBuildId === null) return route.continue();
    await route.fulfill({
      json: { buildId: servedBuildId },
      headers: { 'cache-control': 'no-cache' },
    });
  });

  await page.goto('/');
  // The watcher starts with the app's code, which loads once the first view is on screen.
  await waitForHydration(page);
  const current = BuildLatestSchema.parse(
    await (await page.request.get('/builds/latest.json')).json(),
  );
  await page.evaluate(
    () => ((window as unknown as { beforeRelease: boolean }).beforeRelease = true),
  );

  // Build B is released; the tab becoming visible makes the app check at once.
  servedBuildId = `${current.buildId}-next`;
  const checked = page.waitForRequest(/\/builds\/latest\.json\?t=\d+/);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await checked;

  const reloaded = page.waitForEvent('load');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /gallery/i })
    .click();
  await reloaded;
  await expect(page).toHaveURL('/gallery');
  expect(await page.evaluate(() => 'beforeRelease' in window)).toBe(false);
});

test('the same build id never reloads', async ({ page }) => {
  await page.goto('/');
  // The watcher starts with the app's code, which loads once the first view is on screen: the
  // visit below must come after it, or nobody listens.
  await waitForHydration(page);
  await page.evaluate(
    () => ((window as unknown as { beforeRelease: boolean }).beforeRelease = true),
  );
  const checked = page.waitForResponse(/\/builds\/latest\.json\?t=\d+/);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await checked;
  await page
    .getByRole('banner')
    .getByRole('link', { name: /gallery/i })
    .click();
  await expect(page).toHaveURL('/gallery');
  expect(await page.evaluate(() => 'beforeRelease' in window)).toBe(true);
});
