import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiPaths, LatestDataExportResponseSchema, TokenResponseSchema } from '@pictura/contract';
import { newestMailTo, signUpThroughApi, test } from './fixtures';
import { confirmItIsYou } from './reauthentication-helpers';
import { depositThroughWallet, expect } from './money-helpers';

// Data rights on account settings: a copy of one's data, and deleting the account.

const main = (page: Page) => page.getByRole('main');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test('a user asks for a copy of their data, sees it ready, downloads it signed in; the mail leads to the page', async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  await page.goto('/account-settings');
  const section = main(page).getByRole('region', { name: 'Download my data' });
  await section.getByRole('button', { name: 'Prepare my data' }).click();
  await confirmItIsYou(page, signedIn.password);

  await expect(section.getByRole('status')).toContainText('Your data is ready.', {
    timeout: 30_000,
  });
  // A button, not a link: the page fetches the file with the session and hands it to the browser.
  const button = section.getByRole('button', { name: 'Download my data (ZIP)' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^pictura-data-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(await seriousViolations(page)).toEqual([]);

  // The mail opens the account page; the file itself needs the owner's session.
  const mail = await newestMailTo(signedIn.email, process.env.E2E_DATA_DIR ?? '');
  expect(mail).toMatch(/https?:\/\/\S+\/account-settings/);
  const latest = LatestDataExportResponseSchema.parse(
    await (
      await request.get(apiPaths.privacyExports, {
        headers: { authorization: `Bearer ${signedIn.tokens.accessToken}` },
      })
    ).json(),
  );
  const href = latest.export?.downloadUrl ?? '';
  expect(href).not.toBe('');
  const withoutSession = await request.get(href);
  expect(withoutSession.status()).toBe(401);
  // The request first got the designed 400 that opens the dialog; the browser logs it.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});

test('a user deletes the account after a warning that names the balance forfeited, and is signed out for good', async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  // A second device, whose refresh token the page never touches.
  const phone = await request.post(apiPaths.accountsLogin, {
    data: { email: signedIn.email, password: signedIn.password },
  });
  const phoneTokens = TokenResponseSchema.parse(await phone.json());
  await depositThroughWallet(page, '25');
  // The sandbox's payment page is not the shop's (its favicon is a 404): count from here on.
  const errorsBefore = consoleErrors.length;
  await page.goto('/account-settings');
  const section = main(page).getByRole('region', { name: 'Delete my account' });
  await section.getByRole('button', { name: 'Delete my account…' }).click();

  const warning = section.getByRole('alert');
  await expect(warning).toContainText('This cannot be undone.');
  await expect(warning).toContainText('Your remaining balance is forfeited');
  await expect(warning).toContainText('€25.00');
  await expect(section.getByLabel('Your password')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await section.getByLabel('Your password').fill('not my password at all');
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(section.getByText('The password is not correct.')).toBeVisible();

  await section.getByLabel('Your password').fill(signedIn.password);
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

  // Every session ended with it, and the account is gone: the address can sign up anew.
  const refresh = await request.post(apiPaths.accountsRefresh, {
    data: { refreshToken: phoneTokens.refreshToken },
  });
  expect(refresh.status()).toBe(401);
  const login = await request.post(apiPaths.accountsLogin, {
    data: { email: signedIn.email, password: signedIn.password },
  });
  expect(login.status()).toBe(400);
  await signUpThroughApi(request, signedIn);
  // Only the refused wrong password, which the browser reports as a failed request.
  expect(consoleErrors.slice(errorsBefore)).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});
