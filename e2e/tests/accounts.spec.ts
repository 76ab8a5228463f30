import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, type Locale } from '@pictura/contract';
import {
  expect,
  newestMailTo,
  newUser,
  signUpThroughApi,
  test,
  useLocale,
  type TestUser,
} from './fixtures';

// The account journeys in a real browser against the real server.

const main = (page: Page) => page.getByRole('main');

async function logInThroughForm(page: Page, { email, password }: TestUser): Promise<void> {
  await main(page).getByLabel('Email').fill(email);
  await main(page).getByLabel('Password').fill(password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
}

async function expectNoSeriousA11yViolation(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(blocking.map((violation) => `${what}: ${violation.id}`)).toEqual([]);
}

test('sign up, log out and log in again', async ({ page, consoleErrors }) => {
  const user = newUser();
  await page.goto('/sign-up');
  await main(page).getByLabel('Email').fill(user.email);
  await main(page).getByLabel('Password', { exact: true }).fill(user.password);
  await expect(main(page).getByText('Password strength: strong')).toBeVisible();
  await main(page).getByLabel('Repeat the password').fill(user.password);
  await main(page).getByRole('checkbox').check();
  await main(page).getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('refreshToken'))).toBeNull();

  await page.getByRole('link', { name: 'Log in' }).click();
  await logInThroughForm(page, user);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  // Signed in, the log-in page is not for this user any more.
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  expect(consoleErrors).toEqual([]);
});

test('a signed-out visitor opening the cart logs in and comes back to it', async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpThroughApi(request, user);
  await page.goto('/cart');
  await expect(page).toHaveURL('/login?returnUrl=%2Fcart');
  await logInThroughForm(page, user);
  await expect(page).toHaveURL('/cart');
});

test('a wrong password is refused with a message above the form', async ({ page, request }) => {
  const user = newUser();
  await signUpThroughApi(request, user);
  await page.goto('/login');
  await logInThroughForm(page, { ...user, password: 'not the password' });
  await expect(main(page).getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.invalidCredentials);
  await expect(page).toHaveURL('/login');
});

test('forgot password: the mailed code resets it, and only the new password works', async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpThroughApi(request, user);
  await page.goto('/forgot-password');
  await main(page).getByLabel('Email').fill(user.email);
  await main(page).getByRole('button', { name: 'Send the code' }).click();
  await expect(main(page).getByRole('status')).toContainText(
    `If an account exists for ${user.email}`,
  );

  const mail = await newestMailTo(user.email, process.env.E2E_DATA_DIR ?? '');
  const code = /: ([2-9A-Z]{10})\b/.exec(mail)?.[1];
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail)?.[0];
  expect(code).toBeTruthy();
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link ?? '');
  await page.goto(`${pathname}${search}`);

  await expect(main(page).getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expect(main(page).getByLabel('Code from the email')).toHaveValue(code ?? '');
  const newPassword = `${user.password} renewed`;
  await main(page).getByLabel('New password').fill(newPassword);
  await main(page).getByLabel('Repeat the password').fill(newPassword);
  await main(page).getByRole('button', { name: 'Reset password' }).click();
  await expect(main(page).getByRole('status')).toContainText('Your password has been changed.');

  await main(page).getByRole('status').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/login');
  await logInThroughForm(page, user);
  await expect(main(page).getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.invalidCredentials);
  await logInThroughForm(page, { ...user, password: newPassword });
  await expect(page).toHaveURL('/');
});

const FIELD_ERRORS: Record<Locale, { submit: string; required: string; privacy: string }> = {
  en: {
    submit: 'Create account',
    required: 'This field is required.',
    privacy: 'You must agree to the privacy policy.',
  },
  es: {
    submit: 'Crear cuenta',
    required: 'Este campo es obligatorio.',
    privacy: 'Debes aceptar la política de privacidad.',
  },
  ja: {
    submit: 'アカウントを作成',
    required: 'この項目は必須です。',
    privacy: 'プライバシーポリシーへの同意が必要です。',
  },
};

for (const [locale, texts] of Object.entries(FIELD_ERRORS)) {
  test(`field errors appear on their fields in ${locale}`, async ({ page, baseURL }) => {
    await useLocale(page, locale as Locale, baseURL!);
    await page.goto('/sign-up');
    await main(page).getByRole('button', { name: texts.submit }).click();
    // Email and password are empty (the repeated password is only compared with the password);
    // the agreement is not ticked.
    await expect(main(page).getByText(texts.required)).toHaveCount(2);
    await expect(main(page).getByText(texts.privacy)).toBeVisible();
    const email = main(page).getByRole('textbox').first();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
  });
}

test('account settings and billing information save what the user enters', async ({
  page,
  signedIn,
}) => {
  await page.goto('/account-settings');
  await expect(main(page)).toContainText(signedIn.email);
  await main(page).getByLabel('First name').fill('Ada');
  await main(page).getByLabel('Last name').fill('Lovelace');
  await main(page).getByRole('button', { name: 'Save name' }).click();
  await expect(main(page).getByText('Your name has been saved.')).toBeVisible();

  await page.goto('/billing-information');
  await main(page).getByLabel('Country').selectOption('JP');
  await main(page).getByLabel('Address').fill('1-1 Chiyoda');
  await main(page).getByLabel('City').fill('Tokyo');
  await main(page).getByLabel('Postal code').fill('100-0001');
  await main(page).getByRole('button', { name: 'Save billing information' }).click();
  await expect(main(page).getByText('Your billing information has been saved.')).toBeVisible();

  await page.reload();
  await expect(main(page).getByLabel('Country')).toHaveValue('JP');
  await expect(main(page).getByLabel('City')).toHaveValue('Tokyo');
  await page.goto('/account-settings');
  await expect(main(page).getByLabel('Last name')).toHaveValue('Lovelace');
});

test('log out everywhere ends the session', async ({ page, signedIn }) => {
  await page.goto('/account-settings');
  await main(page).getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  // The refresh token of that session no longer works anywhere.
  const refreshed = await page.request.post('/api/Accounts/refresh', {
    data: { refreshToken: signedIn.tokens.refreshToken },
  });
  expect(refreshed.status()).toBe(401);
});

test('the account pages have no serious accessibility violation, errors shown or not', async ({
  page,
  request,
}) => {
  // Twelve axe runs and screenshots.
  test.slow();
  for (const path of ['/login', '/sign-up', '/forgot-password', '/reset-password']) {
    await page.goto(path);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolation(page, path);
    await main(page).locator('button[type="submit"]').click();
    await expect(main(page).getByText('This field is required.').first()).toBeVisible();
    await expectNoSeriousA11yViolation(page, `${path} with errors`);
    await page.screenshot({
      path: `output/screenshots/accounts${path.replace('/', '-')}-errors.png`,
      fullPage: true,
    });
  }

  const user = newUser();
  const tokens = await signUpThroughApi(request, user);
  await page.evaluate((value) => {
    window.sessionStorage.setItem('jwtToken', value.accessToken);
    window.sessionStorage.setItem('refreshToken', value.refreshToken);
  }, tokens);
  for (const path of ['/account-settings', '/billing-information']) {
    await page.goto(path);
    await expect(main(page).locator('form').first()).toBeVisible();
    await expectNoSeriousA11yViolation(page, path);
    await page.screenshot({
      path: `output/screenshots/accounts${path.replace('/', '-')}.png`,
      fullPage: true,
    });
  }
});
