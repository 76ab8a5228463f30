import type { Locator } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers';
import { expect, test, useLocale } from './fixtures';

// The layout at a desktop's and a phone's width. On a desktop the header shows its links and no
// Menu button. On a phone the cookie banner leaves the home page's heading and its call to action in
// the first screen, and the logo, Menu button and cart share one row down to 360 pixels, in the
// longest language too. Signed out and signed in (an admin, a user), the header keeps one unfolded
// row on a desktop in every language, nothing past the row's edge. The account settings, with the longest
// button labels, fit a phone's width in every language.

test('on a desktop the header shows its links and no Menu button; on a phone, the reverse', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/gallery');
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  const create = header.getByRole('link', { name: 'Create' });
  await expect(create).toBeVisible();
  await expect(menu).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(menu).toBeVisible();
  await expect(create).toBeHidden();
  await menu.click();
  await expect(create).toBeVisible();
});

test('on a 390-pixel phone the banner leaves the heading and its call to action in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');

  await expect(
    page.getByRole('region', { name: 'Cookies and storage in your browser' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  for (const part of [
    main.getByRole('heading', { level: 1 }),
    main.getByRole('link', { name: 'Browse the gallery' }),
  ]) {
    await expect(part).toBeInViewport({ ratio: 1 });
  }
});

const MENU = { en: 'Menu', es: 'Menú', ja: 'メニュー' } as const;

for (const locale of ['en', 'es', 'ja'] as const) {
  test(`on a 360-pixel phone the logo, Menu and cart share one row (${locale})`, async ({
    page,
    baseURL,
  }) => {
    await useLocale(page, locale, baseURL!);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/gallery');

    const header = page.getByRole('banner');
    const middle = async (part: ReturnType<typeof header.getByRole>) => {
      const box = (await part.boundingBox())!;
      return box.y + box.height / 2;
    };
    const logo = await middle(header.getByRole('link').first());
    expect(
      Math.abs((await middle(header.getByRole('button', { name: MENU[locale] }))) - logo),
    ).toBeLessThan(4);
    expect(Math.abs((await middle(header.getByRole('link').last())) - logo)).toBeLessThan(4);
  });
}

const SIGNED_IN_HEADER = {
  en: {
    home: 'Pictura, home page',
    admin: 'Back office',
    balance: /^Balance: /,
    logOut: 'Log out',
  },
  es: {
    home: 'Pictura, página de inicio',
    admin: 'Administración',
    balance: /^Saldo: /,
    logOut: 'Cerrar sesión',
  },
  ja: { home: 'Pictura ホームページ', admin: '管理画面', balance: /^残高: /, logOut: 'ログアウト' },
} as const;

/** How far the header row's furthest control reaches past the row's content edge, in pixels. */
const overflowOfHeaderRow = (header: Locator) =>
  header.evaluate((banner) => {
    const row = banner.querySelector('button[aria-expanded]')?.parentElement;
    if (!row) throw new Error('the header has no row with the Menu button');
    const edge = row.getBoundingClientRect().right - parseFloat(getComputedStyle(row).paddingRight);
    const controls = [...row.querySelectorAll('a, button, select')];
    return Math.max(...controls.map((control) => control.getBoundingClientRect().right - edge));
  });

const middleOf = async (part: Locator) => {
  const box = (await part.boundingBox())!;
  return box.y + box.height / 2;
};

for (const locale of ['en', 'es', 'ja'] as const) {
  test(`at 1280 pixels a signed-in admin's header keeps one row within the page (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const text = SIGNED_IN_HEADER[locale];
    await useLocale(page, locale, baseURL!);
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/gallery');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: text.admin })).toBeVisible();
    // The balance has arrived: the widest the row gets.
    await expect(header.getByRole('link', { name: text.balance })).toBeVisible();
    await expect(header.getByRole('button', { name: MENU[locale] })).toBeHidden();

    expect(await overflowOfHeaderRow(header)).toBeLessThanOrEqual(0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );
    const logOut = header.getByRole('button', { name: text.logOut });
    await expect(logOut).toBeInViewport({ ratio: 1 });
    await expect(header.getByRole('link').last()).toBeInViewport({ ratio: 1 });
    const logo = await middleOf(header.getByRole('link', { name: text.home }));
    expect(Math.abs((await middleOf(logOut)) - logo)).toBeLessThan(4);
  });
}

const SIGN_UP = { en: 'Sign up', es: 'Registrarse', ja: '新規登録' } as const;

for (const locale of ['en', 'es', 'ja'] as const) {
  test(`at 1280 pixels a signed-out visitor's header keeps one row (${locale})`, async ({
    page,
    baseURL,
  }) => {
    await useLocale(page, locale, baseURL!);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/gallery');

    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: MENU[locale] })).toBeHidden();
    expect(await overflowOfHeaderRow(header)).toBeLessThanOrEqual(0.5);
    const logo = await middleOf(header.getByRole('link').first());
    const signUp = header.getByRole('link', { name: SIGN_UP[locale] });
    expect(Math.abs((await middleOf(signUp)) - logo)).toBeLessThan(4);
  });
}

test('at 1280 pixels a signed-in user keeps the unfolded header within the page (es)', async ({
  page,
  baseURL,
  signedIn: _signedIn,
}) => {
  await useLocale(page, 'es', baseURL!);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/gallery');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: SIGNED_IN_HEADER.es.balance })).toBeVisible();
  await expect(header.getByRole('button', { name: MENU.es })).toBeHidden();
  expect(await overflowOfHeaderRow(header)).toBeLessThanOrEqual(0.5);
  const logOut = header.getByRole('button', { name: 'Cerrar sesión' });
  const logo = await middleOf(header.getByRole('link', { name: SIGNED_IN_HEADER.es.home }));
  expect(Math.abs((await middleOf(logOut)) - logo)).toBeLessThan(4);
});

const ACCOUNT_SETTINGS_TITLE = {
  en: 'Account settings',
  es: 'Ajustes de la cuenta',
  ja: 'アカウント設定',
};

for (const locale of ['en', 'es', 'ja'] as const) {
  test(`on a 390-pixel phone the account settings fit the screen's width (${locale})`, async ({
    page,
    baseURL,
    signedIn: _signedIn,
  }) => {
    await useLocale(page, locale, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      ACCOUNT_SETTINGS_TITLE[locale],
    );
    // Every section has loaded its state, and with it its longest button label.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
}
