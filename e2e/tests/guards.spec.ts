import { paths, signedInOnlyPaths, signedOutOnlyPaths } from '@pictura/contract';
import { expect, test } from './fixtures';

for (const path of signedInOnlyPaths) {
  test(`a signed-out visitor opening ${path} is sent to log in and told where to return`, async ({
    page,
  }) => {
    await page.goto(`${path}?tab=x`);
    await expect(page).toHaveURL(`${paths.login}?returnUrl=${encodeURIComponent(`${path}?tab=x`)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

for (const path of signedOutOnlyPaths) {
  // `signedIn` starts the page with a real user's tokens; the test needs only that effect.
  test(`a signed-in user opening ${path} lands on the home page`, async ({
    page,
    signedIn: _signedIn,
  }) => {
    await page.goto(path);
    await expect(page).toHaveURL(paths.home);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
}

test('not-logged-in shows its reason', async ({ page }) => {
  await page.goto(`${paths.notLoggedIn}?reason=${encodeURIComponent('You were logged out')}`);
  await expect(page.getByRole('main')).toContainText('You were logged out');
});
