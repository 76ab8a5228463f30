import { test } from './fixtures';
import {
  balanceCard,
  CARDS,
  expect,
  fillBilling,
  payOnSandbox,
  secondShopper,
} from './money-helpers';

// Issue 5, point 9: a gift card bought by card, its code shown once, redeemed by someone else.

test('buy a gift card by card, then a second user redeems it', async ({
  page,
  signedIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(signedIn.email).toContain('@');
  await page.goto('/gift-card');
  await page.getByRole('radio', { name: '€50.00' }).check();
  await page.getByRole('button', { name: 'Add gift card to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'in your cart' })).toHaveText(
    'A gift card of €50.00 is in your cart.',
  );
  await page.getByRole('link', { name: 'Go to cart' }).click();

  await expect(page.getByRole('region', { name: 'In your cart' })).toContainText('Gift card');
  await fillBilling(page);
  await page.getByRole('button', { name: 'Place order and pay', exact: true }).click();
  await payOnSandbox(page, CARDS.approve);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');

  await page.getByRole('link', { name: 'Order history' }).click();
  const order = page.getByRole('article').first();
  await expect(order).toContainText('Gift card of €50.00');
  await expect(order.getByText('it is shown only this once')).toBeVisible();
  const code = (await order.locator('code').textContent())?.trim() ?? '';
  expect(code.length).toBeGreaterThan(12);

  // Shown once: on the next visit only its end is shown.
  await page.reload();
  await expect(page.getByRole('article').first()).toContainText('Code ending in');
  await expect(page.getByRole('article').first().locator('code')).toHaveCount(0);

  const other = await secondShopper(browser, baseURL ?? '');
  try {
    await other.page.goto('/wallet');
    const redeem = other.page.getByRole('form', { name: 'Redeem a gift card' });
    await redeem.getByLabel('Gift card code').fill('NOT-A-REAL-CODE-1234');
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await expect(
      redeem.getByText('This code is not valid or has already been redeemed.'),
    ).toBeVisible();

    await redeem.getByLabel('Gift card code').fill(code);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await expect(redeem.getByRole('status')).toHaveText(
      'Gift card redeemed. Your balance is now €50.00.',
    );
    await expect(balanceCard(other.page, 'EUR')).toContainText('€50.00');

    // A card is redeemed once.
    await redeem.getByLabel('Gift card code').fill(code);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await expect(
      redeem.getByText('This code is not valid or has already been redeemed.'),
    ).toBeVisible();
    await expect(balanceCard(other.page, 'EUR')).toContainText('€50.00');
  } finally {
    await other.context.close();
  }
});
