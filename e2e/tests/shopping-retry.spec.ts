import { apiPaths, OrderListSchema } from '@pictura/contract';
import { test } from './fixtures';
import {
  addPictureToCart,
  CARDS,
  expect,
  fillBilling,
  payOnSandbox,
  pictures,
} from './money-helpers';

// A declined payment says why in the shopper's language and offers "Try again", which opens a new
// payment for the same order: one order, paid once. As on Stripe's page, the sandbox's page stays
// open after a decline; the shopper who gives up there ("Cancel payment") is back at the shop.

test('a declined card says why; Try again pays the same order with the approving card', async ({
  page,
  signedIn,
}) => {
  const [offer] = await pictures(page, 1);
  await addPictureToCart(page, offer!.urlName);
  await page.goto('/cart');
  await fillBilling(page);
  await page.getByRole('button', { name: 'Place order and pay', exact: true }).click();

  await payOnSandbox(page, CARDS.decline);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  await expect(page.getByRole('main')).toContainText(
    'Your card was declined. You can try again with another card.',
  );

  await page.getByRole('button', { name: 'Try again' }).click();
  await payOnSandbox(page, CARDS.approve);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');

  const response = await page.request.get(apiPaths.orders, {
    headers: { authorization: `Bearer ${signedIn.tokens.accessToken}` },
  });
  const orders = OrderListSchema.parse(await response.json());
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    status: 'paid',
    total: offer!.price.amount,
    paidByPayment: offer!.price.amount,
  });
  await page.goto('/order-history');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('Paid');
  await page.goto('/artworks');
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('a declined deposit says why; Try again pays the same amount with the same details', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  await page.goto('/wallet');
  await page.getByLabel('Amount (€)').fill('30');
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnSandbox(page, CARDS.decline);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  await expect(page.getByRole('main')).toContainText('Your card was declined.');

  await page.getByRole('button', { name: 'Try again' }).click();
  await payOnSandbox(page, CARDS.approve);
  await expect(page.getByText('Thank you! €30.00 has been added to your balance.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to wallet' }).click();
  await expect(
    page.getByRole('region', { name: 'Your balances' }).getByRole('listitem').first(),
  ).toContainText('€30.00');
});
