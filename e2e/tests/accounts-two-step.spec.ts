import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { RECOVERY_CODE_COUNT } from '@pictura/contract';
import { codeForStep, currentStep } from '../admin-two-step';
import { expect, test } from './fixtures';
import { confirmItIsYou } from './reauthentication-helpers';

// Two-step sign-in in a real browser: a user turns it on by reading the key off the page into an
// authenticator (otplib here), logs out, and logs in again with a code.

const main = (page: Page) => page.getByRole('main');

async function expectNoSeriousA11yViolation(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(blocking.map((violation) => `${what}: ${violation.id}`)).toEqual([]);
}

test('a user turns on two-step sign-in, logs out, and logs in with a code', async ({
  page,
  signedIn,
}) => {
  await page.goto('/account-settings');
  const section = main(page).getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Two-step sign-in is off.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  // Turning it on asks for the password again first; then the set-up carries on.
  await confirmItIsYou(page, signedIn.password);

  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const key = (await section.getByLabel('Key for manual entry').textContent()) ?? '';
  const secret = key.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolation(page, 'set-up');

  const confirmedStep = currentStep();
  // Keyboard only: type the code and press Enter.
  await section.getByLabel('Code from the app').fill(await codeForStep(secret, confirmedStep));
  await section.getByLabel('Code from the app').press('Enter');
  await expect(section.getByText('Two-step sign-in is now on.')).toBeVisible();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(RECOVERY_CODE_COUNT);
  await expectNoSeriousA11yViolation(page, 'recovery codes');
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('Two-step sign-in is on.')).toBeVisible();
  await expect(section.getByText(`${RECOVERY_CODE_COUNT} recovery codes left.`)).toBeVisible();

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/login');
  await main(page).getByLabel('Email').fill(signedIn.email);
  await main(page).getByLabel('Password').fill(signedIn.password);
  await main(page).getByRole('button', { name: 'Log in' }).click();

  // The right password alone is not enough: the code field appears, with the focus in it.
  const code = main(page).getByLabel('Code from the app');
  await expect(code).toBeFocused();
  await expect(page).toHaveURL('/login');
  await expectNoSeriousA11yViolation(page, 'login code');
  // The code that turned the step on is used up: the next step's code signs in.
  await code.fill(await codeForStep(secret, confirmedStep + 1));
  await main(page).getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Log out', exact: true })).toBeVisible();
});
