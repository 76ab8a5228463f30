import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { paths } from '@pictura/contract';
import {
  expect,
  newestMailTo,
  newUser,
  signUpThroughApi,
  startSignedIn,
  test,
  useLocale,
  verificationLinkTo,
} from './fixtures';

const main = (page: Page) => page.getByRole('main');
const notice = (page: Page) =>
  main(page).getByRole('region', { name: 'Please verify your email address' });
const dataDir = () => process.env.E2E_DATA_DIR ?? '';
/** Chromium logs every 4xx answer itself; the refused links below are expected ones. */
const unexpected = (errors: string[]) =>
  errors.filter((message) => !message.includes('status of 400'));

async function expectNoBlockingAxeIssues(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(blocking.map((violation) => violation.id)).toEqual([]);
}

test('until the mailed link is opened, the money pages say why and send a new link', async ({
  page,
  request,
  consoleErrors,
}) => {
  const user = newUser();
  const tokens = await signUpThroughApi(request, user, { verified: false });
  await startSignedIn(page, tokens);

  for (const path of [paths.create, paths.giftCard]) {
    await page.goto(path);
    await expect(notice(page)).toContainText(user.email);
  }
  await page.goto(paths.wallet);
  await expect(notice(page)).toBeVisible();
  await expectNoBlockingAxeIssues(page);
  const first = await verificationLinkTo(user.email, dataDir());

  await notice(page).getByRole('button', { name: 'Send a new link' }).click();
  await expect(notice(page).getByRole('status')).toHaveText(
    `A new link is on its way to ${user.email}. Earlier links no longer work.`,
  );
  await expect
    .poll(async () => (await verificationLinkTo(user.email, dataDir())).href)
    .not.toBe(first.href);
  const link = await verificationLinkTo(user.email, dataDir());

  await page.goto(`${link.pathname}${link.search}`);
  await expect(main(page).getByRole('status')).toHaveText(
    `Thank you: ${user.email} is verified. You can now top up your balance, buy and create pictures.`,
  );
  await main(page).getByRole('link', { name: 'Go to your wallet' }).click();
  await expect(main(page).getByRole('heading', { name: 'Top up your balance' })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  expect(unexpected(consoleErrors)).toEqual([]);
});

test('a link opened twice is refused the second time, in the reader’s language', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  const user = newUser();
  await signUpThroughApi(request, user, { verified: false });
  const link = await verificationLinkTo(user.email, dataDir());
  const opened = await request.post('/api/accounts/verify-email', {
    data: {
      user: link.searchParams.get('user'),
      token: link.searchParams.get('token'),
    },
  });
  expect(opened.status()).toBe(200);

  await useLocale(page, 'ja', baseURL!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('メールアドレスの確認');
  await expect(main(page).getByRole('alert')).toHaveText(
    'このリンクは無効か、有効期限が切れています。新しいリンクをご請求ください。',
  );
  await expect(
    main(page).getByRole('link', { name: 'ログインして新しいリンクを請求する' }),
  ).toBeVisible();

  await useLocale(page, 'es', baseURL!);
  await page.goto(paths.verifyEmail);
  await expect(main(page).getByRole('alert')).toHaveText(
    'Este enlace no es válido o ha caducado. Pide uno nuevo.',
  );
  expect(unexpected(consoleErrors)).toEqual([]);
});

test('a new address takes over once its mailed link is opened, and the old one is told', async ({
  page,
  signedIn,
  consoleErrors,
}) => {
  const newEmail = `new-${signedIn.email}`;
  await page.goto(paths.accountSettings);
  const form = main(page).getByRole('form', { name: 'Email address' });
  await form.getByLabel('New email address').fill(newEmail);
  await form.getByLabel('Your password').fill(signedIn.password);
  await form.getByRole('button', { name: 'Change email address' }).click();
  await expect(form.getByRole('status').last()).toHaveText(
    `We mailed a link to ${newEmail}. Your address changes once you open it.`,
  );
  await expect(form).toContainText(`Waiting for confirmation: ${newEmail}.`);
  expect(await newestMailTo(signedIn.email, dataDir())).toContain(newEmail);

  const link = await verificationLinkTo(newEmail, dataDir());
  await page.goto(`${link.pathname}${link.search}`);
  await expect(main(page).getByRole('status')).toContainText(`${newEmail} is verified`);
  await page.goto(paths.accountSettings);
  await expect(main(page).getByRole('form', { name: 'Email address' })).toContainText(
    `Your address: ${newEmail} (verified)`,
  );
  expect(unexpected(consoleErrors)).toEqual([]);
});
