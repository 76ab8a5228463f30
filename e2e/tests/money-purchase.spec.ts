import { readFile } from 'node:fs/promises';
import { STORAGE_KEYS } from '@pictura/contract';
import { test } from './fixtures';
import {
  addPictureToCart,
  balanceCard,
  CARDS,
  depositThroughWallet,
  expect,
  fillBilling,
  payOnSandbox,
  pictures,
} from './money-helpers';

// Buying end to end: deposit, pay by balance, the order history and the download of a bought file.

test('deposit 50 EUR through the sandbox and see it in the wallet', async ({ page, signedIn }) => {
  expect(signedIn.email).toContain('@');
  await page.goto('/wallet');
  await expect(balanceCard(page, 'EUR')).toContainText('€0.00');

  await depositThroughWallet(page, '50');
  await expect(page.getByText('Thank you! €50.00 has been added to your balance.')).toBeVisible();
  const stored = await page.evaluate(() => sessionStorage.getItem('paymentLink'));
  expect(stored).toBeNull();

  await page.getByRole('link', { name: 'Go to wallet' }).click();
  await expect(balanceCard(page, 'EUR')).toContainText('€50.00');
  // The address typed for this first payment was kept (the save box starts ticked for a new account).
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('London');
  await expect(
    page.getByRole('checkbox', { name: 'Save these details to my account for next time' }),
  ).not.toBeChecked();
  const history = page.getByRole('table');
  await expect(history.getByRole('row').nth(1)).toContainText('Deposit');
  await expect(history.getByRole('row').nth(1)).toContainText('+€50.00');
});

test('buy two artworks paying by balance, see the order, download a bought file', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.tokens.accessToken).not.toBe('');
  await depositThroughWallet(page, '200');
  const [first, second] = await pictures(page, 2);
  await addPictureToCart(page, first!.urlName);
  await addPictureToCart(page, second!.urlName);

  await page.goto('/cart');
  const cart = page.getByRole('region', { name: 'In your cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await expect(cart.getByText(first!.title)).toBeVisible();
  const total = first!.price.amount + second!.price.amount;
  const euros = `€${(total / 100).toFixed(2)}`;
  await expect(cart.getByText(euros)).toBeVisible();

  await fillBilling(page);
  await page.getByRole('checkbox', { name: 'Pay with my balance (€200.00 available)' }).check();
  await expect(page.getByText('Your balance covers the whole order')).toBeVisible();
  await page.getByRole('button', { name: 'Place order and pay with balance' }).click();

  // Paid in full by balance: no payment page, straight to the shop's result page.
  await expect(page).toHaveURL(/\/payment-result\?order=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');
  const cartLeft = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart);
  expect(cartLeft).toBeNull();

  await page.getByRole('link', { name: 'Order history' }).click();
  const order = page.getByRole('article').first();
  await expect(order).toContainText('Paid');
  await expect(order).toContainText(first!.title);
  await expect(order).toContainText(second!.title);
  await expect(order).toContainText(`Paid from balance${euros}`);

  await page.goto('/wallet');
  await expect(balanceCard(page, 'EUR')).toContainText(`€${((20_000 - total) / 100).toFixed(2)}`);

  await page.goto('/artworks');
  await expect(page.getByRole('article')).toHaveCount(2);
  const artwork = page.getByRole('article').filter({ hasText: first!.title });
  const downloading = page.waitForEvent('download');
  await artwork.getByRole('button', { name: 'Download file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.(jpe?g|png|webp)$/);
  const bytes = await readFile(await download.path());
  expect(bytes.length).toBeGreaterThan(10_000);
});

test('a declined card leaves the payment open; cancelling fails the order and charges nothing; paying it again with 3-D Secure keeps the balance part', async ({
  page,
  signedIn,
}) => {
  test.slow();
  expect(signedIn.email).toContain('@');
  await depositThroughWallet(page, '5');
  // Dearer than the balance, so that a card pays the rest.
  const picture = (await pictures(page, 24)).find((item) => item.price.amount > 500);
  await addPictureToCart(page, picture!.urlName);
  await page.goto('/cart');
  await fillBilling(page);
  // The balance pays its part when the order is placed, and must come back when the card fails.
  await page.getByRole('checkbox', { name: 'Pay with my balance (€5.00 available)' }).check();
  await page.getByRole('button', { name: 'Place order and pay', exact: true }).click();
  await payOnSandbox(page, CARDS.decline);
  // As on Stripe's page: the decline is said there, and another card could still pay.
  await expect(page.getByRole('alert')).toHaveText(
    'Your card was declined. Try another card, or cancel the payment.',
  );
  await expect(page.getByLabel('Card number')).toBeFocused();
  await page.getByRole('button', { name: 'Cancel payment' }).click();

  await expect(page).toHaveURL(/\/payment-result\?payment=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  await expect(page.getByText('Nothing was charged')).toBeVisible();

  const result = page.url();
  await page.goto('/artworks');
  await expect(page.getByText('No artworks yet')).toBeVisible();
  await page.goto('/wallet');
  await expect(balanceCard(page, 'EUR')).toContainText('€5.00');
  await page.goto('/order-history');
  await expect(page.getByRole('article').first()).toContainText('Payment failed');

  await page.goto(result);
  await page.getByRole('button', { name: 'Try again' }).click();
  await payOnSandbox(page, CARDS.challenge);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/payment-result\?payment=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');

  await page.goto('/artworks');
  await expect(page.getByRole('article')).toHaveCount(1);
  // The retry kept the balance part the shopper chose: the card paid only the rest.
  await page.goto('/order-history');
  const order = page.getByRole('article').first();
  await expect(order).toContainText('Paid');
  await expect(order).toContainText('Paid from balance€5.00');
  await page.goto('/wallet');
  await expect(balanceCard(page, 'EUR')).toContainText('€0.00');
});
