import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, useLocale } from './fixtures';
import { confirmItIsYou } from './reauthentication-helpers';

// Sessions as strong as their sign-in, in a real Chromium with a virtual authenticator: a passkey as
// the second step of a password sign-in, and "confirm it is you" before turning two-step sign-in on.

const main = (page: Page) => page.getByRole('main');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

/** A platform authenticator with a screen lock, for this tab (CDP WebAuthn). */
async function addPlatformAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('an account with a passkey finishes a password sign-in with it', async ({
  page,
  signedIn,
  consoleErrors,
}) => {
  await addPlatformAuthenticator(page);
  await page.goto('/account-settings');
  const passkeys = main(page).getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Passkey name').fill('Work laptop');
  await passkeys.getByLabel('Current password').fill(signedIn.password);
  await page.keyboard.press('Enter');
  await expect(passkeys.getByText('Passkey added. You can now sign in with it.')).toBeVisible();
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.goto('/login');
  await main(page).getByLabel('Email').fill(signedIn.email);
  await main(page).getByLabel('Password').fill(signedIn.password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
  // The right password alone signs in no more: the passkey is asked for.
  await expect(
    main(page).getByText('This account has a passkey. Use it to finish signing in.'),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect(await seriousViolations(page)).toEqual([]);
  await main(page).getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Log out', exact: true })).toBeVisible();
  expect(consoleErrors.filter((message) => !message.includes('status of 400'))).toEqual([]);
});

const LOCALES = [
  { locale: 'en', start: 'Set up two-step sign-in', title: 'Confirm it is you', cancel: 'Cancel' },
  {
    locale: 'es',
    start: 'Configurar el inicio de sesión en dos pasos',
    title: 'Confirma que eres tú',
    cancel: 'Cancelar',
  },
  { locale: 'ja', start: '2段階認証を設定', title: '本人確認', cancel: 'キャンセル' },
] as const;
const VIEWPORTS = [
  { label: '390', width: 390, height: 844 },
  { label: '1280', width: 1280, height: 800 },
] as const;

test('turning two-step sign-in on asks "confirm it is you" first, in every language and width, then carries on', async ({
  page,
  signedIn,
  baseURL,
}) => {
  test.slow();
  for (const texts of LOCALES) {
    await useLocale(page, texts.locale, baseURL ?? '');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/account-settings');
      await main(page).getByRole('button', { name: texts.start }).click();
      const dialog = page.getByRole('dialog', { name: texts.title });
      await expect(dialog).toBeVisible();
      // The focus is in the password field, inside the modal dialog.
      await expect(dialog.getByRole('textbox').or(dialog.locator('input'))).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: `output/screenshots/reauthentication-${texts.locale}-${viewport.label}.png`,
      });
      // Cancelled, nothing is set up: the button is still there.
      await dialog.getByRole('button', { name: texts.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(main(page).getByRole('button', { name: texts.start })).toBeVisible();
    }
  }

  await useLocale(page, 'en', baseURL ?? '');
  await page.goto('/account-settings');
  await main(page).getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await confirmItIsYou(page, signedIn.password);
  // The set-up the person asked for carries on without a second click.
  await expect(
    main(page).getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
});
