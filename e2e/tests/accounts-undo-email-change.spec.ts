import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths, paths } from '@pictura/contract';
import {
  expect,
  newestMailTo,
  newUser,
  signUpThroughApi,
  test,
  useLocale,
  verificationLinkTo,
} from './fixtures';

// Each test signs up, changes and verifies an address through the API and reads two mails first.
test.describe.configure({ timeout: 180_000 });

const main = (page: Page) => page.getByRole('main');
const dataDir = () => process.env.E2E_DATA_DIR ?? '';
/** Chromium logs every 4xx answer itself; the refused link below is an expected one. */
const unexpected = (errors: string[]) =>
  errors.filter((message) => !message.includes('status of 400'));

async function expectNoBlockingAxeIssues(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(blocking.map((violation) => violation.id)).toEqual([]);
}

/** Someone with the password moves a fresh account to their address; answers the old address's undo link. */
async function accountMovedAway(request: APIRequestContext) {
  const owner = newUser();
  const tokens = await signUpThroughApi(request, owner);
  const theirs = `moved-${owner.email}`;
  const changed = await request.post(apiPaths.accountsChangeEmail, {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
    data: { email: theirs, currentPassword: owner.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const link = await verificationLinkTo(theirs, dataDir());
  const verified = await request.post(apiPaths.accountsVerifyEmail, {
    data: { user: link.searchParams.get('user'), token: link.searchParams.get('token') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const notice = await newestMailTo(owner.email, dataDir(), ({ text }) =>
    text.includes(paths.undoEmailChange),
  );
  const href = new RegExp(`https?://\\S+${paths.undoEmailChange}\\?\\S+`).exec(notice)?.[0];
  const undo = new URL(href ?? 'http://none');
  return { owner, theirs, undo: `${undo.pathname}${undo.search}` };
}

test('the old address’s link puts it back after a press, then says to choose a new password', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { owner, undo } = await accountMovedAway(request);

  for (const viewport of [
    { label: 'mobile', width: 390, height: 844 },
    { label: 'desktop', width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(undo);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
      'Undo the change of your email address',
    );
    await expectNoBlockingAxeIssues(page);
    await page.screenshot({
      path: `output/screenshots/undo-email-change-${viewport.label}.png`,
      fullPage: true,
    });
  }

  await main(page).getByRole('button', { name: 'Put my old address back' }).focus();
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('status')).toHaveText(
    `${owner.email} is your account's address again, and every device is signed out. Choose a new password to sign in.`,
  );
  await expectNoBlockingAxeIssues(page);
  await page.screenshot({ path: 'output/screenshots/undo-email-change-done-desktop.png' });
  await main(page).getByRole('link', { name: 'Choose a new password' }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.forgotPassword}$`));
  expect(unexpected(consoleErrors)).toEqual([]);
});

test('a used link is refused in Spanish and Japanese, with the way to reset the password', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  const { undo } = await accountMovedAway(request);
  const query = new URL(undo, baseURL).searchParams;
  const used = await request.post(apiPaths.accountsUndoEmailChange, {
    data: { user: query.get('user'), token: query.get('token') },
  });
  expect(used.status()).toBe(200);

  await useLocale(page, 'es', baseURL!);
  await page.goto(undo);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
    'Deshacer el cambio de tu dirección de correo',
  );
  await main(page).getByRole('button', { name: 'Volver a poner mi dirección anterior' }).click();
  await expect(main(page).getByRole('alert')).toHaveText(
    'Este enlace no es válido o ha caducado (solo sirve una vez, durante 7 días). Si otra persona tiene tu cuenta, restablece tu contraseña.',
  );
  await expect(main(page).getByRole('link', { name: 'Restablecer tu contraseña' })).toBeVisible();
  await expectNoBlockingAxeIssues(page);

  await useLocale(page, 'ja', baseURL!);
  await page.goto(paths.undoEmailChange);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
    'メールアドレスの変更を取り消す',
  );
  await expect(main(page).getByRole('alert')).toHaveText(
    'このリンクは無効か、有効期限が切れています（1回のみ、7日間有効です）。他の人にアカウントを使われている場合は、パスワードを再設定してください。',
  );
  await expectNoBlockingAxeIssues(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoBlockingAxeIssues(page);
  await page.screenshot({ path: 'output/screenshots/undo-email-change-ja-mobile.png' });
  expect(unexpected(consoleErrors)).toEqual([]);
});
