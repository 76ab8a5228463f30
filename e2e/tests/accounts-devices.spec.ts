import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiPaths, TokenResponseSchema } from '@pictura/contract';
import { expect, newUser, signUpThroughApi, test } from './fixtures';
import { confirmItIsYou } from './reauthentication-helpers';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const main = (page: Page) => page.getByRole('main');
const devices = (page: Page) =>
  main(page).getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');

test('the account lists its signed-in devices; one or all others can be logged out at once', async ({
  page,
  request,
  consoleErrors,
}) => {
  const user = newUser();
  const first = await signUpThroughApi(request, user);
  const phoneLogin = await request.post(apiPaths.accountsLogin, {
    headers: { 'user-agent': SAFARI_IPHONE },
    data: { email: user.email, password: user.password },
  });
  const phone = TokenResponseSchema.parse(await phoneLogin.json());

  await page.goto('/login');
  await main(page).getByLabel('Email').fill(user.email);
  await main(page).getByLabel('Password').fill(user.password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/account-settings');

  await expect(devices(page)).toHaveCount(3);
  const current = devices(page).filter({ hasText: 'This device' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(/Chrom(e|ium) on Linux/);
  await expect(current.getByRole('button')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(blocking.map((violation) => violation.id)).toEqual([]);

  // The phone is logged out by its own button, with the keyboard.
  await main(page).getByRole('button', { name: 'Log out Safari on iOS' }).focus();
  await page.keyboard.press('Enter');
  // Ending another device's session asks for the password again first.
  await confirmItIsYou(page, user.password);
  await expect(devices(page)).toHaveCount(2);
  await expect(main(page).getByRole('region', { name: 'Signed-in devices' })).not.toContainText(
    'Safari on iOS',
  );
  // The activity list keeps the phone's sign-in, and now says devices were logged out.
  const activity = main(page).getByRole('list', { name: 'Account activity, newest first' });
  await expect(activity.getByRole('listitem').first()).toContainText('Devices logged out');
  await expect(activity).toContainText('Safari on iOS');
  const phoneProfile = await request.get(apiPaths.accountsProfile, {
    headers: { Authorization: `Bearer ${phone.accessToken}` },
  });
  expect(phoneProfile.status()).toBe(401);

  // Within 10 minutes of that proof, no second one is asked for.
  await main(page).getByRole('button', { name: 'Log out all other devices' }).click();
  await expect(main(page).getByText('All other devices are logged out.')).toBeVisible();
  await expect(devices(page)).toHaveCount(1);
  const firstProfile = await request.get(apiPaths.accountsProfile, {
    headers: { Authorization: `Bearer ${first.accessToken}` },
  });
  expect(firstProfile.status()).toBe(401);
  // This device is still signed in.
  await page.reload();
  await expect(devices(page)).toHaveCount(1);
  // The phone's log-out first got the designed 400 that opens the dialog; the browser logs it.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});
