import type { Page, Request } from '@playwright/test';
import { test } from './fixtures';
import {
  addPictureToCart,
  CARDS,
  expect,
  fillBilling,
  payOnSandbox,
  pictures,
} from './money-helpers';

// A lost answer never pays twice: the page keeps one Idempotency-Key per attempt, so a retry after
// the answer was lost (here: let through to the server, then cut) gets the first order's answer.

/**
 * Lets the first POST to `path` reach the server, then drops its answer as a broken connection
 * does; the calls after it go through. Answers the requests sent, in order.
 */
async function loseFirstAnswer(page: Page, path: RegExp): Promise<Request[]> {
  const sent: Request[] = [];
  await page.route(path, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent.push(route.request());
    if (sent.length > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  return sent;
}

const keysOf = (requests: Request[]) =>
  Promise.all(requests.map((request) => request.headerValue('idempotency-key')));

test('an order whose answer was lost is not placed again when the shopper pays after a reload', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  const [picture] = await pictures(page, 1);
  await addPictureToCart(page, picture!.urlName);
  const sent = await loseFirstAnswer(page, /\/api\/orders$/);
  await page.goto('/cart');
  await fillBilling(page);
  const pay = page.getByRole('button', { name: 'Place order and pay', exact: true });

  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'An error has occurred.' })).toBeVisible();
  await page.reload();
  await page
    .getByRole('checkbox', { name: 'I agree to the privacy policy and the terms and conditions.' })
    .check();
  const replayed = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/api\/orders$/.test(response.url()),
  );
  await pay.click();

  expect((await replayed).headers()['idempotent-replayed']).toBe('true');
  const [first, retry] = await keysOf(sent);
  expect(first).toMatch(/^[0-9a-f-]{36}$/);
  expect(retry).toBe(first);
  await payOnSandbox(page, CARDS.approve);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');
  await page.goto('/order-history');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first()).toContainText('Paid');
});

test('a deposit whose answer was lost opens the same payment when tried again', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  const sent = await loseFirstAnswer(page, /\/api\/balance\/deposit$/);
  await page.goto('/wallet');
  await page.getByLabel('Amount (€)').fill('20');
  await fillBilling(page);
  const pay = page.getByRole('button', { name: 'Continue to payment' });

  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'An error has occurred.' })).toBeVisible();
  await pay.click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox/);

  const [first, retry] = await keysOf(sent);
  expect(retry).toBe(first);
  const retryAnswer = await sent[1]!.response();
  expect(retryAnswer?.headers()['idempotent-replayed']).toBe('true');
});
