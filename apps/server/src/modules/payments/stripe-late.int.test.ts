// Payments on Stripe's real rails (DESIGN section 3), against the local stand-in: delayed methods
// wait in `processing`, the sweep asks Stripe before it gives up, and money that arrives after the
// shop gave up goes back through Stripe's refund API.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPathTo } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { balanceOfUser } from '../../test/payments.js';
import {
  deliverStripeEvent,
  startStripeDeposit,
  stripeEnv,
  stripeSweeper,
} from '../../test/stripe-payments.js';
import { DEPOSIT_PAYMENT_WINDOW_MS } from '../wallet/index.js';
import { EXPIRY_GRACE_MS } from './index.js';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe('sk_test_pictura_fake_key');
});
afterAll(async () => {
  await fake.close();
});

const statusOf = async (app: App, user: TestUser, paymentId: string) =>
  (
    await app.inject({
      method: 'GET',
      url: apiPathTo.payment(paymentId),
      headers: bearer(user.accessToken),
    })
  ).json<{ status: string }>().status;

/** A moment when a deposit started at `started` is past its window and its grace. */
const overdueAfter = (started: number) =>
  new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000);

const callsFor = (sessionId: string) =>
  fake.requests
    .filter((request) => request.path.startsWith(`/v1/checkout/sessions/${sessionId}`))
    .map((request) => `${request.method} ${request.path.replace(sessionId, '{id}')}`);

describeEachEngine('payments on Stripe: delayed, lost and late', (ctx) => {
  const start = async () => {
    const app = await ctx.buildApp({ env: stripeEnv(fake) });
    const user = await signUp(app);
    const started = Date.now();
    const deposit = await startStripeDeposit(app, ctx.database.db, fake, user, 1_500);
    return { app, user, started, ...deposit };
  };

  it('keeps a completed-unpaid bank payment processing through the sweep, then settles it on async success', async () => {
    const { app, user, started, payment, session } = await start();

    fake.complete(session.id, 'unpaid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    expect(await statusOf(app, user, payment.id)).toBe('processing');

    const swept = await stripeSweeper(ctx.database.db, fake).expireOverdue(overdueAfter(started));
    expect(swept).toBe(0);
    expect(callsFor(session.id)).toEqual([]);
    expect(await statusOf(app, user, payment.id)).toBe('processing');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);

    fake.settleAsync(session.id, 'paid');
    await deliverStripeEvent(app, 'checkout.session.async_payment_succeeded', session);
    expect(await statusOf(app, user, payment.id)).toBe('succeeded');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
  });

  it('fails a processing payment on async_payment_failed, crediting nothing', async () => {
    const { app, user, payment, session } = await start();

    fake.complete(session.id, 'unpaid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    fake.settleAsync(session.id, 'failed');
    await deliverStripeEvent(app, 'checkout.session.async_payment_failed', session);

    expect(await statusOf(app, user, payment.id)).toBe('failed');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
  });

  it('settles as succeeded a payment Stripe took while its webhooks were down past the grace', async () => {
    const { app, user, started, payment, session } = await start();
    fake.complete(session.id, 'paid');

    const swept = await stripeSweeper(ctx.database.db, fake).expireOverdue(overdueAfter(started));

    expect(swept).toBe(1);
    expect(callsFor(session.id)).toEqual(['GET /v1/checkout/sessions/{id}']);
    expect(await statusOf(app, user, payment.id)).toBe('succeeded');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
    // The webhook, delivered at last, credits nothing more.
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent)).toEqual([]);
  });

  it('keeps the PaymentIntent of a payment the sweep settled, so its later dispute finds it', async () => {
    const { app, user, started, payment, session } = await start();
    fake.complete(session.id, 'paid');
    await stripeSweeper(ctx.database.db, fake).expireOverdue(overdueAfter(started));

    // The completion webhook never came; Stripe's dispute names only the PaymentIntent.
    const dispute = {
      id: 'dp_swept_1',
      object: 'dispute',
      amount: 1_500,
      currency: 'eur',
      charge: 'ch_swept_1',
      payment_intent: session.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
    };
    const response = await deliverStripeEvent(app, 'charge.dispute.created', dispute);

    expect(response.statusCode).toBe(200);
    expect(await statusOf(app, user, payment.id)).toBe('disputed');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
  });

  it('expires an unpaid session at Stripe before expiring the payment', async () => {
    const { app, user, started, payment, session } = await start();

    await stripeSweeper(ctx.database.db, fake).expireOverdue(overdueAfter(started));

    expect(callsFor(session.id)).toEqual([
      'GET /v1/checkout/sessions/{id}',
      'POST /v1/checkout/sessions/{id}/expire',
    ]);
    expect(fake.sessions.get(session.id)?.status).toBe('expired');
    expect(await statusOf(app, user, payment.id)).toBe('expired');
  });

  it('refunds through Stripe, once, a success that arrives after the payment expired', async () => {
    const { app, user, started, payment, session } = await start();
    await stripeSweeper(ctx.database.db, fake).expireOverdue(overdueAfter(started));
    expect(await statusOf(app, user, payment.id)).toBe('expired');
    // The shopper's payment was in flight when the session expired: Stripe took it anyway.
    fake.complete(session.id, 'paid');

    const late = await deliverStripeEvent(app, 'checkout.session.completed', session);
    await deliverStripeEvent(app, 'checkout.session.completed', session);

    expect(late.statusCode).toBe(200);
    expect(await statusOf(app, user, payment.id)).toBe('late');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    const refunds = fake.refunds.filter((r) => r.payment_intent === session.payment_intent);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 1_500, idempotencyKey: `late-refund:${payment.id}` }),
    ]);
  });
});
