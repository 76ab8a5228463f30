// Payments on Stripe's real rails (docs/product/money.md#payments), against the local stand-in:
// delayed methods wait in `processing`, the sweep asks Stripe before it gives up, and money that
// arrives after the shop gave up goes back through Stripe's refund API.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPathTo } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { openLockHolder } from '../../test/lock-holder.js';
import { balanceOfUser } from '../../test/payments.js';
import {
  deliverStripeEvent,
  startStripeDeposit,
  stripeEnv,
  stripeSweeper,
} from '../../test/stripe-payments.js';
import { DEPOSIT_PAYMENT_WINDOW_MS } from '../wallet/index.js';
import { latePayments } from './admin-payments.js';
import { processingTooLong } from './admin-processing.js';
import { payments } from './schema.js';
import { EXPIRY_GRACE_MS } from './index.js';
import { PROCESSING_CHECK_AFTER_MS, PROCESSING_CHECK_INTERVAL_MS } from './sweep.js';

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

/** A moment when a deposit started at `started` and left processing is due to be asked about. */
const processingDueAfter = (started: number) =>
  new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + PROCESSING_CHECK_AFTER_MS + 60_000);

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

  it('stops refunding a late payment the bank took back before the refund went through; a won dispute resumes it', async () => {
    const { app, user, started, payment, session } = await start();
    const sweeper = stripeSweeper(ctx.database.db, fake);
    await sweeper.expireOverdue(overdueAfter(started));
    fake.complete(session.id, 'paid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    // As if Stripe had been down: the automatic refund did not go through (and gave its claim up).
    await ctx.database.db
      .update(payments)
      .set({ refundedAt: null, providerRefundId: null, refundedAmount: 0, refundClaimedAt: null })
      .where(eq(payments.id, payment.id));
    const dispute = (status: string) => ({
      id: 'dp_late_1',
      object: 'dispute',
      amount: 1_500,
      currency: 'eur',
      charge: 'ch_late_1',
      payment_intent: session.payment_intent ?? '',
      reason: 'fraudulent',
      status,
    });
    const refundedAt = async () => {
      const [row] = await ctx.database.db
        .select({ refundedAt: payments.refundedAt, status: payments.status })
        .from(payments)
        .where(eq(payments.id, payment.id));
      return row;
    };

    await deliverStripeEvent(app, 'charge.dispute.created', dispute('needs_response'));
    expect(await sweeper.retryLateRefunds()).toBe(0);
    expect(await refundedAt()).toEqual({ refundedAt: null, status: 'late' });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);

    // Won: the money is the shop's again, so it goes back to the payer as a refund after all.
    await deliverStripeEvent(app, 'charge.dispute.closed', dispute('won'));
    expect(await sweeper.retryLateRefunds()).toBe(1);
    expect((await refundedAt())?.refundedAt).not.toBeNull();
  });

  it('settles from Stripe a processing payment whose async success webhook was lost, once', async () => {
    const { app, user, started, payment, session } = await start();
    fake.complete(session.id, 'unpaid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    // The debit went through; async_payment_succeeded never reaches the shop.
    fake.settleAsync(session.id, 'paid');
    const sweeper = stripeSweeper(ctx.database.db, fake);

    // A week on, the back office lists it as processing for longer than expected.
    const weekOn = new Date(started + 8 * 86_400_000);
    expect(
      (await processingTooLong(ctx.database.db, weekOn)).map((row) => row.paymentId),
    ).toContain(payment.id);
    // Within the grace the provider is not asked: its webhook normally comes.
    expect(await sweeper.reconcileProcessing(overdueAfter(started))).toBe(0);
    expect(callsFor(session.id)).toEqual([]);

    expect(await sweeper.reconcileProcessing(processingDueAfter(started))).toBe(1);
    expect(callsFor(session.id)).toEqual(['GET /v1/checkout/sessions/{id}']);
    expect(await statusOf(app, user, payment.id)).toBe('succeeded');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
    // The webhook, delivered at last, and another sweep credit nothing more.
    await deliverStripeEvent(app, 'checkout.session.async_payment_succeeded', session);
    expect(await sweeper.reconcileProcessing(processingDueAfter(started))).toBe(0);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
  });

  it('fails from Stripe a processing payment whose debit failed, and asks a still-processing one again only after the interval', async () => {
    const { app, user, started, payment, session } = await start();
    fake.complete(session.id, 'unpaid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    const sweeper = stripeSweeper(ctx.database.db, fake);
    const due = processingDueAfter(started);

    expect(await sweeper.reconcileProcessing(due)).toBe(0);
    expect(await statusOf(app, user, payment.id)).toBe('processing');
    expect(await sweeper.reconcileProcessing(new Date(due.getTime() + 60_000))).toBe(0);
    expect(callsFor(session.id)).toHaveLength(1);

    fake.settleAsync(session.id, 'failed');
    const later = new Date(due.getTime() + PROCESSING_CHECK_INTERVAL_MS + 60_000);
    expect(await sweeper.reconcileProcessing(later)).toBe(1);
    expect(callsFor(session.id)).toHaveLength(2);
    expect(await statusOf(app, user, payment.id)).toBe('failed');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
  });

  it('refuses to settle a processing payment whose Stripe session took another amount, and lists it for a refund', async () => {
    const { app, user, started, payment, session } = await start();
    fake.complete(session.id, 'unpaid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    fake.settleAsync(session.id, 'paid');
    session.amount_total = 1_499;

    await stripeSweeper(ctx.database.db, fake).reconcileProcessing(processingDueAfter(started));

    expect(await statusOf(app, user, payment.id)).toBe('failed');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    const listed = (await latePayments(ctx.database.db)).filter(
      (row) => row.paymentId === payment.id,
    );
    expect(listed).toEqual([expect.objectContaining({ outcome: 'mismatch', refundedAt: null })]);
    expect(listed[0]?.event.amount).toBe(1_499);
  });

  it('does not deliver an overdue payment Stripe says was paid in another currency', async () => {
    const { app, user, started, payment, session } = await start();
    fake.complete(session.id, 'paid');
    session.currency = 'usd';

    await stripeSweeper(ctx.database.db, fake).expireOverdue(overdueAfter(started));

    expect(await statusOf(app, user, payment.id)).toBe('failed');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    const listed = (await latePayments(ctx.database.db)).filter(
      (row) => row.paymentId === payment.id,
    );
    expect(listed.map((row) => [row.outcome, row.event.currency])).toEqual([['mismatch', 'USD']]);
  });

  it.runIf(ctx.engine === 'postgres')(
    'the lost webhook arriving while the sweep settles the processing payment credits it once',
    async () => {
      const { app, user, started, payment, session } = await start();
      fake.complete(session.id, 'unpaid');
      await deliverStripeEvent(app, 'checkout.session.completed', session);
      fake.settleAsync(session.id, 'paid');

      const holder = await openLockHolder(ctx.database);
      try {
        await holder.query('select id from payments where id = $1 for update', [payment.id]);
        const swept = stripeSweeper(ctx.database.db, fake).reconcileProcessing(
          processingDueAfter(started),
        );
        const webhook = deliverStripeEvent(
          app,
          'checkout.session.async_payment_succeeded',
          session,
        );
        await holder.waitForWaiters(2);
        await holder.release();
        const [settled, delivered] = await Promise.all([swept, webhook]);
        expect(delivered.statusCode).toBe(200);
        expect(settled).toBeLessThanOrEqual(1);
      } finally {
        await holder.close();
      }
      expect(await statusOf(app, user, payment.id)).toBe('succeeded');
      expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
    },
  );
});
