import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test } from './fixtures';
import {
  addPictureToCart,
  CARDS,
  expect,
  fillBilling,
  payOnSandbox,
  pictures,
} from './money-helpers';

// The money pages have no serious or critical accessibility violation, and pictures of
// them for people to look at go to e2e/output/screenshots.

async function checkPage(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map((violation) => `${name}: ${violation.id} ${violation.nodes[0]?.target}`),
  ).toEqual([]);
  for (const viewport of [
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'mobile', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: `output/screenshots/money-${name}-${viewport.label}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the gift card page and the wallet of a visitor', async ({ page }) => {
  await page.goto('/gift-card');
  await expect(page.getByRole('radio', { name: '€25.00' })).toBeChecked();
  await checkPage(page, 'gift-card');

  await page.goto('/wallet');
  await expect(page.getByRole('link', { name: 'Log in to see your wallet' })).toBeVisible();
  await checkPage(page, 'wallet-signed-out');
});

test('cart, payment result, order history, artworks and wallet of a shopper', async ({
  page,
  signedIn,
}) => {
  test.slow();
  expect(signedIn.email).toContain('@');
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await checkPage(page, 'cart-empty');

  const [first, second] = await pictures(page, 2);
  await addPictureToCart(page, first!.urlName);
  await addPictureToCart(page, second!.urlName);
  await page.goto('/gift-card');
  await page.getByRole('button', { name: 'Add gift card to cart' }).click();
  await page.goto('/cart');
  await expect(
    page.getByRole('region', { name: 'In your cart' }).getByRole('listitem'),
  ).toHaveCount(3);
  await fillBilling(page);
  await checkPage(page, 'cart');

  await page.getByRole('button', { name: 'Place order and pay', exact: true }).click();
  await payOnSandbox(page, CARDS.approve);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');
  await checkPage(page, 'payment-result');

  await page.goto('/order-history');
  await expect(page.getByRole('article').first()).toContainText('Paid');
  await checkPage(page, 'order-history');

  await page.goto('/artworks');
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete),
  );
  await checkPage(page, 'artworks');

  await page.goto('/wallet');
  await expect(page.getByRole('region', { name: 'Your balances' })).toContainText('€0.00');
  await checkPage(page, 'wallet');
});
