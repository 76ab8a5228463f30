import { apiPaths, TokenResponseSchema } from '@pictura/contract';
import { newestMailTo, startSignedIn, test } from './fixtures';
import {
  balanceCard,
  CARDS,
  expect,
  fillBilling,
  payOnSandbox,
  secondShopper,
} from './money-helpers';

// A gift card bought by card, its code shown on the payment result and again on
// request in the order history (also after a reload and in a new session), redeemed by someone else.

test('buy a gift card by card, then a second user redeems it', async ({
  page,
  signedIn,
  browser,
  baseURL,
}) => {
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

  // The payment result shows the code in full, with a copy button and where to find it again.
  const card = page.getByRole('region', { name: 'Your gift card' });
  await expect(card).toContainText('Gift card of €50.00');
  const code = (await card.locator('code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){4}$/);
  await expect(card.getByRole('button', { name: 'Copy code' })).toBeVisible();
  await expect(card).toContainText('We have also emailed this code to you.');
  expect(
    await newestMailTo(signedIn.email, process.env.E2E_DATA_DIR ?? '', ({ subject }) =>
      /gift card/i.test(subject),
    ),
  ).toContain(code);

  // A reload still reaches it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your gift card' }).locator('code')).toHaveText(
    code,
  );

  // So does a new session: sign in again in a fresh browser, open the order history.
  const again = await browser.newContext({ baseURL: baseURL ?? '' });
  try {
    const fresh = await again.newPage();
    const login = await fresh.request.post(apiPaths.accountsLogin, {
      data: { email: signedIn.email, password: signedIn.password },
    });
    await startSignedIn(fresh, TokenResponseSchema.parse(await login.json()));
    await fresh.goto('/order-history');
    const order = fresh.getByRole('article').first();
    await expect(order).toContainText('Gift card of €50.00');
    // Lists never show the code: only its end, until "Show code" is pressed.
    await expect(order).toContainText(`Code ending in ${code.slice(-4)}`);
    await expect(order.locator('code')).toHaveCount(0);
    await order.getByRole('button', { name: 'Show code' }).click();
    await expect(order.locator('code')).toHaveText(code);
  } finally {
    await again.close();
  }

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

    // Redeemed, it is no longer shown to its buyer.
    await page.goto('/order-history');
    const order = page.getByRole('article').first();
    await expect(order).toContainText('Gift card of €50.00 · redeemed');
    await expect(order.getByRole('button', { name: 'Show code' })).toHaveCount(0);
  } finally {
    await other.context.close();
  }
});
