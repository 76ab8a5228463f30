import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test } from './fixtures';
import {
  addPictureToCart,
  depositThroughWallet,
  expect,
  fillBilling,
  pictures,
} from './money-helpers';

// Receipts in the browser: a deposit's from the wallet, an order's from the order history, each a
// PDF that says what was paid, by whom, and the VAT it includes.

const pdfText = async (file: string): Promise<string> =>
  (await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;

test('download the receipts of a deposit and of an order with Spanish VAT', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  await depositThroughWallet(page, '50');

  await page.goto('/wallet');
  const receipts = page.getByRole('region', { name: 'Receipts' });
  const deposit = receipts.getByRole('listitem').first();
  await expect(deposit).toContainText('€50.00');
  const depositNumber = /Receipt no\. (\d+)/.exec((await deposit.textContent()) ?? '')?.[1];
  const [depositFile] = await Promise.all([
    page.waitForEvent('download'),
    deposit.getByRole('button', { name: 'Download receipt' }).click(),
  ]);
  expect(depositFile.suggestedFilename()).toBe(`pictura-receipt-${depositNumber}.pdf`);
  const depositText = await pdfText(await depositFile.path());
  for (const expected of [
    `Receipt no. ${depositNumber}`,
    'Balance top-up',
    'Ada Lovelace',
    'United Kingdom',
    '€50.00',
    signedIn.email,
  ]) {
    expect(depositText, expected).toContain(expected);
  }

  const [picture] = await pictures(page, 1);
  await addPictureToCart(page, picture!.urlName);
  await page.goto('/cart');
  await fillBilling(page);
  await page.getByLabel('Country', { exact: true }).selectOption('ES');
  await page.getByRole('checkbox', { name: /^Pay with my balance/ }).check();
  await page.getByRole('button', { name: 'Place order and pay with balance' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');

  await page.goto('/order-history');
  const order = page.getByRole('article').first();
  await expect(order).toContainText('Paid');
  const download = order.getByRole('button', { name: /^Download receipt no\. \d+$/ });
  const orderNumber = /(\d+)$/.exec((await download.textContent()) ?? '')?.[1];
  const [orderFile] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const orderText = await pdfText(await orderFile.path());
  const price = picture!.price.amount;
  // The VAT a Spanish buyer's price includes: 21 / 121 of it, rounded half up.
  const vat = Math.floor((2 * price * 2100 + 12_100) / (2 * 12_100));
  for (const expected of [
    `Receipt no. ${orderNumber}`,
    picture!.title,
    'Spain',
    'VAT 21% (ES)',
    `€${(price / 100).toFixed(2)}`,
    `€${(vat / 100).toFixed(2)}`,
    '/personal-licence',
  ]) {
    expect(orderText, expected).toContain(expected);
  }
});
