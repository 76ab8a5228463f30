// A deposit paid on the sandbox provider's hosted page, as a shopper does it:
// the page's own webhook credits the balance; looking at the page or coming back credits nothing.
import { expect, it } from 'vitest';
import { apiPathTo, PAYMENT_RESULT_QUERY, paths } from '@pictura/contract';
import type { App } from '../../app.js';
import { sandboxPaths } from '../../infra/payments/index.js';
import { bearer, describeEachEngine, randomIp, signUp, type TestUser } from '../../test/index.js';
import { balanceOfUser, startDeposit } from '../../test/payments.js';

const TEST_CARDS = { approve: '4242424242424242', decline: '4000000000000002' } as const;

/** Submits the payment page's card form for the session of `paymentLink`. */
function payWithCard(app: App, paymentLink: string, cardNumber: string) {
  const session = new URL(paymentLink).searchParams.get('session') ?? '';
  return app.inject({
    method: 'POST',
    url: sandboxPaths.pay,
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ session, cardNumber }).toString(),
  });
}

const statusOf = async (app: App, user: TestUser, paymentId: string) =>
  (
    await app.inject({
      method: 'GET',
      url: apiPathTo.payment(paymentId),
      headers: bearer(user.accessToken),
    })
  ).json<{ status: string }>().status;

describeEachEngine('deposits on the sandbox payment page', (ctx) => {
  it('credits once when paid, however often the form is sent, and sends the shopper back', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 2_500, 'EUR');
    const link = new URL(deposit.paymentLink);

    const page = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const balanceWhileOnPage = await balanceOfUser(app, user, 'EUR');
    const paid = await payWithCard(app, deposit.paymentLink, TEST_CARDS.approve);
    const sentAgain = await payWithCard(app, deposit.paymentLink, TEST_CARDS.approve);

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(balanceWhileOnPage).toBe(0);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${link.origin}${paths.paymentResult}?${PAYMENT_RESULT_QUERY}=${deposit.paymentId}`,
    );
    expect(sentAgain.statusCode).toBe(303);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(2_500);
    expect(await statusOf(app, user, deposit.paymentId)).toBe('succeeded');
  });

  it('credits nothing for a declined card, which leaves the payment open; cancelling fails it', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 1_000, 'USD');
    const session = new URL(deposit.paymentLink).searchParams.get('session') ?? '';

    const declined = await payWithCard(app, deposit.paymentLink, TEST_CARDS.decline);
    const statusAfterDecline = await statusOf(app, user, deposit.paymentId);
    const cancelled = await app.inject({
      method: 'POST',
      url: sandboxPaths.cancel,
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session }).toString(),
    });

    expect(declined.statusCode).toBe(402);
    expect(statusAfterDecline).toBe('pending');
    expect(cancelled.statusCode).toBe(303);
    expect(await statusOf(app, user, deposit.paymentId)).toBe('failed');
    expect(await balanceOfUser(app, user, 'USD')).toBe(0);
  });
});
