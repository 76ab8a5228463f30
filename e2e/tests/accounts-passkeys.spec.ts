import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, useLocale } from './fixtures';
import { confirmItIsYou } from './reauthentication-helpers';

// Passkeys in a real Chromium: its virtual authenticator stands in for the device's platform
// authenticator (a discoverable credential, the user verified), so the browser runs the real
// WebAuthn ceremonies against the real server.

const main = (page: Page) => page.getByRole('main');
const passkeys = (page: Page) => main(page).getByRole('region', { name: 'Passkeys' });

/** A platform authenticator with a screen lock, for this tab. */
async function addPlatformAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function expectNoSeriousA11yViolation(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(blocking.map((violation) => violation.id)).toEqual([]);
}

test('a passkey added in account settings signs in instead of the password, until it is removed', async ({
  page,
  signedIn,
  consoleErrors,
}) => {
  // Two sign-ins and a dozen steps, with accessibility scans between them.
  test.slow();
  const authenticator = await addPlatformAuthenticator(page);
  await page.goto('/account-settings');
  await expect(passkeys(page).getByText('You have no passkeys yet.')).toBeVisible();

  // Added with the keyboard: a name, the password, Enter; the device makes a discoverable passkey.
  await passkeys(page).getByLabel('Passkey name').fill('Work laptop');
  await passkeys(page).getByLabel('Current password').fill(signedIn.password);
  await page.keyboard.press('Enter');
  await expect(
    passkeys(page).getByText('Passkey added. You can now sign in with it.'),
  ).toBeVisible();
  await expect(passkeys(page).getByRole('listitem')).toHaveCount(1);
  await expect(passkeys(page).getByRole('listitem')).toContainText('not used yet');
  const made = await authenticator.credentials();
  expect(made).toHaveLength(1);
  expect(made[0]?.isResidentCredential).toBe(true);
  await expectNoSeriousA11yViolation(page);

  // Renamed in place with the keyboard; the focus comes back to its button.
  await passkeys(page).getByRole('button', { name: 'Rename Work laptop' }).focus();
  await page.keyboard.press('Enter');
  await expect(passkeys(page).getByLabel('New name for Work laptop')).toBeFocused();
  await page.keyboard.type('Home desktop');
  await page.keyboard.press('Enter');
  await expect(passkeys(page).getByRole('button', { name: 'Rename Home desktop' })).toBeFocused();
  await expectNoSeriousA11yViolation(page);

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/login');
  await expectNoSeriousA11yViolation(page);
  await main(page).getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Log out', exact: true })).toBeVisible();

  // The same account, and the passkey now shows when it was last used.
  await page.goto('/account-settings');
  await expect(main(page).getByText(signedIn.email, { exact: true })).toBeVisible();
  await expect(passkeys(page).getByRole('listitem')).toContainText('last used');
  expect(consoleErrors).toEqual([]);

  // Removed after a confirmation, it no longer signs in, though the device still holds it.
  await passkeys(page).getByRole('button', { name: 'Remove Home desktop' }).click();
  await passkeys(page).getByRole('button', { name: 'Yes, remove it' }).click();
  await confirmItIsYou(page, signedIn.password);
  await expect(
    passkeys(page).getByText('The passkey Home desktop has been removed.'),
  ).toBeVisible();
  await expect(passkeys(page).getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.goto('/login');
  await main(page).getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(main(page).getByRole('alert')).toHaveText(
    'This passkey could not be verified. Please try again.',
  );
  await expect(page).toHaveURL('/login');
  expect(consoleErrors.filter((message) => !message.includes('status of 400'))).toEqual([]);
});

test('the login page offers passkeys in Japanese and Spanish', async ({ page, baseURL }) => {
  await useLocale(page, 'ja', baseURL ?? '');
  await page.goto('/login');
  await expect(main(page).getByRole('button', { name: 'パスキーでログイン' })).toBeVisible();
  await useLocale(page, 'es', baseURL ?? '');
  await page.goto('/login');
  await expect(
    main(page).getByRole('button', { name: 'Iniciar sesión con una llave de acceso' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolation(page);
});
