import { randomBytes, randomInt } from 'node:crypto';
import { test } from './fixtures';
import { checkAdminPage, gradientPng, signInAsAdmin } from './admin-helpers';
import {
  addPictureToCart,
  balanceCard,
  depositThroughWallet,
  expect,
  fillBilling,
  secondShopper,
} from './money-helpers';

// An admin uploads a picture, prices it and puts it on sale; a customer buys it
// with their balance; the admin refunds the order; the customer's wallet shows the refund.
test('a picture goes from upload to sale to refund', async ({ page, browser, baseURL }) => {
  const title = `Harbour at dawn ${randomBytes(3).toString('hex')}`;
  await signInAsAdmin(page);

  // The admin makes the offer from an uploaded picture and prices its standard download.
  await page.goto('/admin/catalog/new');
  await page.getByLabel('Upload a picture').setInputFiles({
    name: 'harbour.png',
    mimeType: 'image/png',
    buffer: gradientPng(960, 640, randomInt(1000)),
  });
  await expect(
    page.getByRole('img', { name: 'Preview of the uploaded picture (watermarked)' }),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page
    .getByLabel('Description', { exact: true })
    .fill('Boats at first light, for the journey.');
  await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Style', { exact: true }).selectOption('Nature');
  await page.getByLabel('Tags', { exact: true }).fill('harbour, dawn');
  // An edited picture: every file of it will say it is a composite with AI-made material.
  await page
    .getByLabel('What the picture is', { exact: true })
    .selectOption('compositeWithTrainedAlgorithmicMedia');
  await page.getByLabel('Standard download: price in EUR').fill('7.50');
  await page.getByLabel('Standard download: price in USD').fill('8.50');
  await page.getByRole('button', { name: 'Create offer' }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/offers\/\d+$/);
  await expect(page.getByLabel('What the picture is', { exact: true })).toHaveValue(
    'compositeWithTrainedAlgorithmicMedia',
  );
  await checkAdminPage(page, 'offer-editor');
  const urlName = await page.getByLabel('Url name', { exact: true }).inputValue();
  expect(urlName).toMatch(/^harbour-at-dawn-/);

  // New offers are not on sale until the admin says so.
  await page.goto('/admin/catalog');
  await page.getByLabel('Search by title').fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('checkbox', { name: `On sale: ${title}` }).check();
  await expect(page.getByText(`“${title}” is on sale.`)).toBeVisible();

  // A customer tops up 20.00 and buys it with the balance.
  const { context, page: shop, shopper } = await secondShopper(browser, baseURL!);
  await depositThroughWallet(shop, '20');
  await addPictureToCart(shop, urlName);
  await shop.goto('/cart');
  await expect(shop.getByRole('region', { name: 'In your cart' })).toContainText(title);
  await fillBilling(shop);
  await shop.getByRole('checkbox', { name: 'Pay with my balance (€20.00 available)' }).check();
  await shop.getByRole('button', { name: 'Place order and pay with balance' }).click();
  await expect(shop).toHaveURL(/\/payment-result\?order=\d+/);
  const orderId = new URL(shop.url()).searchParams.get('order');
  await shop.goto('/wallet');
  await expect(balanceCard(shop, 'EUR')).toContainText('€12.50');

  // The admin finds the order by the customer's address and refunds it to the balance.
  await page.goto('/admin/orders');
  await page.getByLabel('Customer email contains').fill(shopper.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: `Order ${orderId}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderId}`);
  await expect(page.getByRole('main')).toContainText(title);
  await page.getByRole('button', { name: 'Refund to balance' }).click();
  await page.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(page.getByText('Refunded €7.50. The buyer’s balance is now €20.00.')).toBeVisible();

  // The customer sees the money back, and the refund in the wallet's history.
  await shop.goto('/wallet');
  await expect(balanceCard(shop, 'EUR')).toContainText('€20.00');
  const refundRow = shop.getByRole('row').filter({ hasText: 'Refund' });
  await expect(refundRow).toContainText('+€7.50');

  // The back office recorded both changes.
  await page.goto('/admin/audit');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `order ${orderId}` })
      .first(),
  ).toContainText('order.refund');
  await context.close();
});
