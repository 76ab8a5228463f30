import { LOCALE_COOKIE } from '@pictura/contract';
import { expect, test } from './fixtures';

test('the language choice survives a reload through a year-long cookie', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('combobox', { name: /language/i }).selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

  const cookie = (await context.cookies()).find((c) => c.name === LOCALE_COOKIE.name);
  expect(cookie?.value).toBe('ja');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  const daysLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(364);
  expect(daysLeft).toBeLessThanOrEqual(365);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page).toHaveURL('/');
});

test('without a cookie the browser language is used', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'es-ES', baseURL: baseURL! });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await context.close();
});
