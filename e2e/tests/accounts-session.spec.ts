import type { Page } from '@playwright/test';
import { expect, newUser, signUpThroughApi, startSignedIn, test } from './fixtures';

// Against the second server, whose access tokens live 3 seconds
// (playwright.config.ts), an expired token is refreshed without the user noticing.
test.use({ baseURL: process.env.E2E_SHORT_TOKEN_URL });

const ACCESS_TOKEN_SECONDS = 3;
const main = (page: Page) => page.getByRole('main');
const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    accessToken: window.sessionStorage.getItem('jwtToken'),
    refreshToken: window.sessionStorage.getItem('refreshToken'),
  }));
const waitForExpiry = (page: Page) => page.waitForTimeout((ACCESS_TOKEN_SECONDS + 1) * 1000);

test('an expired access token is refreshed without the user noticing', async ({
  page,
  request,
  consoleErrors,
}) => {
  const user = newUser();
  const tokens = await signUpThroughApi(request, user);
  await startSignedIn(page, tokens);
  await page.goto('/account-settings');
  await expect(main(page)).toContainText(user.email);

  await waitForExpiry(page);
  // The save answers 401, the refresh runs, the save is sent again and succeeds.
  await main(page).getByLabel('First name').fill('Grace');
  await main(page).getByLabel('Last name').fill('Hopper');
  await main(page).getByRole('button', { name: 'Save name' }).click();
  await expect(main(page).getByText('Your name has been saved.')).toBeVisible();
  const afterSave = await storedTokens(page);
  expect(afterSave.accessToken).not.toBe(tokens.accessToken);
  expect(afterSave.refreshToken).not.toBe(tokens.refreshToken);

  // Expired again: opening another page that loads the profile refreshes once more.
  await waitForExpiry(page);
  await page.goto('/billing-information');
  await expect(main(page).getByRole('button', { name: 'Save billing information' })).toBeVisible();
  await expect(page).toHaveURL('/billing-information');
  expect((await storedTokens(page)).refreshToken).not.toBe(afterSave.refreshToken);
  // Chromium logs each 401 answer itself; nothing else went wrong.
  expect(consoleErrors.filter((message) => !message.includes('status of 401'))).toEqual([]);
});

test('when the session has ended elsewhere, the refresh fails and the user is told', async ({
  page,
  request,
}) => {
  const user = newUser();
  const tokens = await signUpThroughApi(request, user);
  // Another device logs out everywhere (at once, while the access token is still valid).
  const ended = await request.post('/api/Accounts/logout-all', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(ended.status()).toBe(200);

  await startSignedIn(page, tokens);
  await page.goto('/account-settings');
  await expect(page).toHaveURL('/not-logged-in?reason=You%20were%20logged%20out');
  // The address changes while the account page may still be on screen: wait for the new page.
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('You are not logged in');
  await expect(main(page).getByRole('status')).toHaveText('Reason: You were logged out');
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
});
