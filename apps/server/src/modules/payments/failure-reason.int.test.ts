// Why a payment failed: the reason the provider gave, kept on
// the payment and answered to its owner's result page: a declined card, a failed 3-D Secure step,
// or a payment that ran out of time. A success and a reasonless failure have none.
import { expect, it } from 'vitest';
import { apiPathTo, PaymentResultSchema } from '@pictura/contract';
import type { App } from '../../app.js';
import { sandboxPaths } from '../../infra/payments/index.js';
import { bearer, describeEachEngine, randomIp, signUp, type TestUser } from '../../test/index.js';
import { deliverSandboxEvent, startDeposit } from '../../test/payments.js';

const CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  challenge: '4000000000003220',
} as const;

const sessionOf = (paymentLink: string) => new URL(paymentLink).searchParams.get('session') ?? '';

/** Posts one of the sandbox page's forms, as the shopper's browser does. */
const postForm = (app: App, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

async function resultOf(app: App, user: TestUser, paymentId: string) {
  const response = await app.inject({
    method: 'GET',
    url: apiPathTo.payment(paymentId),
    headers: bearer(user.accessToken),
  });
  return PaymentResultSchema.parse(response.json());
}

describeEachEngine('payment failure reasons', (ctx) => {
  it('answers "cardDeclined" for a declined card and no reason for an approved one', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const declined = await startDeposit(app, user, 1_000, 'EUR');
    const approved = await startDeposit(app, user, 1_000, 'EUR');

    // A refusal leaves the sandbox page open for another card; giving up after it tells the shop why.
    const refused = await postForm(app, sandboxPaths.pay, {
      session: sessionOf(declined.paymentLink),
      cardNumber: CARDS.decline,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toContain('name="reason" value="cardDeclined"');
    await postForm(app, sandboxPaths.cancel, {
      session: sessionOf(declined.paymentLink),
      reason: 'cardDeclined',
    });
    await postForm(app, sandboxPaths.pay, {
      session: sessionOf(approved.paymentLink),
      cardNumber: CARDS.approve,
    });

    expect(await resultOf(app, user, declined.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'cardDeclined',
    });
    expect(await resultOf(app, user, approved.paymentId)).toMatchObject({
      status: 'succeeded',
      failureReason: null,
    });
  });

  it('answers "authenticationFailed" when the 3-D Secure step is failed', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 2_000, 'USD');
    const session = sessionOf(deposit.paymentLink);

    const challenge = await postForm(app, sandboxPaths.pay, {
      session,
      cardNumber: CARDS.challenge,
    });
    expect(challenge.statusCode).toBe(200);
    const refused = await postForm(app, sandboxPaths.challenge, { session, outcome: 'fail' });
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toContain('name="reason" value="authenticationFailed"');
    await postForm(app, sandboxPaths.cancel, { session, reason: 'authenticationFailed' });

    expect(await resultOf(app, user, deposit.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'authenticationFailed',
    });
  });

  it('answers "expired" for an expired payment, and no reason for a failure without one', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const expired = await startDeposit(app, user, 1_500, 'EUR');
    const failed = await startDeposit(app, user, 1_500, 'EUR');

    await deliverSandboxEvent(app, {
      type: 'expired',
      paymentId: expired.paymentId,
      amount: 1_500,
      currency: 'EUR',
    });
    await deliverSandboxEvent(app, {
      type: 'failed',
      paymentId: failed.paymentId,
      amount: 1_500,
      currency: 'EUR',
    });

    expect(await resultOf(app, user, expired.paymentId)).toMatchObject({
      status: 'expired',
      failureReason: 'expired',
    });
    expect(await resultOf(app, user, failed.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: null,
    });
  });
});
