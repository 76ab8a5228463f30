import type { BrowserContext, Page } from '@playwright/test';
import {
  CURRENCY_COOKIE,
  LOCALE_COOKIE,
  RELEASE_RELOAD_MARKER_KEY,
  STORAGE_KEYS,
} from '@pictura/contract';
import { expect, test } from './fixtures';

// The cookie banner on a first visit, its choice surviving a reload, and nothing optional
// kept before consent.

/** What the shop keeps without consent (privacy policy, "Cookies and storage in your browser"). */
const NECESSARY_STORAGE = new Set<string>([
  ...Object.values(STORAGE_KEYS),
  'cookie-consent',
  'paymentLink',
  'lastDeposit',
  'paymentAttempt',
  // React Router's ScrollRestoration: where each page was scrolled to, for going back.
  'react-router-scroll-positions',
  RELEASE_RELOAD_MARKER_KEY,
]);
// The currency cookie mirrors the stored currency, so that the server renders prices in it.
const NECESSARY_COOKIES = new Set<string>([LOCALE_COOKIE.name, CURRENCY_COOKIE.name]);

const banner = (page: Page) =>
  page.getByRole('region', { name: 'Cookies and storage in your browser' });

async function keptInBrowser(page: Page, context: BrowserContext) {
  const storage = await page.evaluate(() =>
    [window.localStorage, window.sessionStorage].flatMap((store) =>
      Array.from({ length: store.length }, (_, i) => store.key(i) ?? ''),
    ),
  );
  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  return { storage, cookies };
}

test('before any choice only necessary cookies and storage exist', async ({
  page,
  context,
  consoleErrors,
}) => {
  for (const path of ['/', '/gallery', '/contact', '/privacy-policy', '/sign-up']) {
    await page.goto(path);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const kept = await keptInBrowser(page, context);
    expect(
      kept.storage.filter((key) => !NECESSARY_STORAGE.has(key)),
      path,
    ).toEqual([]);
    expect(
      kept.cookies.filter((name) => !NECESSARY_COOKIES.has(name)),
      path,
    ).toEqual([]);
  }
  expect(await page.evaluate(() => window.localStorage.getItem('cookie-consent'))).toBeNull();
  expect(consoleErrors).toEqual([]);
});

test('the choice survives a reload and can be changed from the footer', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Choose' }).click();
  await expect(
    banner(page).getByRole('checkbox', { name: 'Necessary (always on)' }),
  ).toBeDisabled();
  await expect(banner(page).getByRole('checkbox', { name: 'Preferences' })).not.toBeChecked();
  await banner(page).getByRole('checkbox', { name: 'Statistics' }).check();
  await banner(page).getByRole('button', { name: 'Save my choices' }).click();
  await expect(banner(page)).toBeHidden();

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  const stored = JSON.parse(
    (await page.evaluate(() => window.localStorage.getItem('cookie-consent'))) ?? 'null',
  ) as { granted: string[]; rejected: string[] };
  expect(stored.granted).toEqual(['necessary', 'analytics']);
  expect(stored.rejected).toEqual(['preferences']);

  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await settings.click();
  await expect(banner(page).getByRole('heading')).toBeFocused();
  await expect(banner(page).getByRole('checkbox', { name: 'Statistics' })).toBeChecked();
  await expect(banner(page).getByRole('checkbox', { name: 'Preferences' })).not.toBeChecked();
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await expect(banner(page)).toBeHidden();
  await expect(settings).toBeFocused();

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('cookie-consent'))).toContain(
    '"rejected":["preferences","analytics"]',
  );
  expect(consoleErrors).toEqual([]);
});
