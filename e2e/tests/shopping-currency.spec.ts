import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@pictura/contract';
import { test } from './fixtures';
import { offerApi, tabTo } from './gallery-catalog';
import { expect, pictures } from './money-helpers';

// A currency switch asks before it empties a non-empty cart;
// with an empty cart it happens at once. Keyboard only: no click anywhere in these journeys.

const currencySelect = (page: Page) => page.getByRole('combobox', { name: 'Currency' });

const tabToCurrency = (page: Page) => tabTo(page, currencySelect(page), 40);

/** Two pictures' standard variants in the cart, as the pages store them. */
async function fillCart(page: Page): Promise<void> {
  const offers = await Promise.all(
    (await pictures(page, 2)).map((offer) => offerApi(page.request, offer.urlName, 'EUR')),
  );
  const items = offers.map((offer) => ({ attributes: { id: offer.attributes[0]!.id } }));
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEYS.cart,
    value: JSON.stringify(items),
  });
}

const storedCart = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart);

test('an empty cart switches the currency at once, without asking', async ({ page }) => {
  await page.goto('/gallery');
  await tabToCurrency(page);
  await page.keyboard.press('ArrowDown');
  await expect(currencySelect(page)).toHaveValue('USD');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.currency)).toBe(
    'USD',
  );
});

test('a non-empty cart asks first: Cancel and Escape keep both, confirming empties the cart', async ({
  page,
}) => {
  await page.goto('/gallery');
  await fillCart(page);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await tabToCurrency(page);
  await page.keyboard.press('ArrowDown');
  const dialog = page.getByRole('dialog', { name: 'Switch to USD ($)?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your cart will be emptied: 2 items');
  // Cancel has focus first: Enter by habit keeps the cart.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(currencySelect(page)).toHaveValue('EUR');
  await expect(currencySelect(page)).toBeFocused();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(currencySelect(page)).toHaveValue('EUR');
  expect(JSON.parse((await storedCart(page)) ?? '[]')).toHaveLength(2);

  await page.keyboard.press('ArrowDown');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(
    dialog.getByRole('button', { name: 'Empty the cart and switch to USD' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(currencySelect(page)).toHaveValue('USD');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  expect(await storedCart(page)).toBeNull();
});
