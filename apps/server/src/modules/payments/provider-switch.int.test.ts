// Switching PAYMENT_PROVIDER from the sandbox to Stripe (the path from the `npm start` test shop):
// a pending sandbox payment can never settle under Stripe (the sweep expires it without asking
// Stripe, and the sandbox's webhooks are gone), a late sandbox payment is not refunded through
// Stripe, and none of it holds up Stripe's own payments. Against the local Stripe stand-in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine, signUp } from '../../test/index.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { balanceOfUser, deliverSandboxEvent, startDeposit } from '../../test/payments.js';
import { startStripeDeposit, stripeEnv, stripeSweeper } from '../../test/stripe-payments.js';
import { DEPOSIT_PAYMENT_WINDOW_MS } from '../wallet/index.js';
import { EXPIRY_GRACE_MS } from './index.js';
import { payments } from './schema.js';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe('sk_test_pictura_fake_key');
});
afterAll(async () => {
  await fake.close();
});

describeEachEngine('switching the payment provider from the sandbox to Stripe', (ctx) => {
  const statusOf = async (paymentId: string) => {
    const [row] = await ctx.database.db
      .select({ status: payments.status, refundedAt: payments.refundedAt })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return row;
  };

  it('expires pending sandbox payments without asking Stripe, refunds no sandbox payment through it, and still sweeps its own', async () => {
    const started = Date.now();
    const sandboxShop = await ctx.buildApp();
    const user = await signUp(sandboxShop);
    const pending = await startDeposit(sandboxShop, user, 1_000, 'EUR');
    const late = await startDeposit(sandboxShop, user, 2_000, 'EUR');
    await deliverSandboxEvent(sandboxShop, { type: 'expired', ...late });
    // A sandbox success after the expiry, whose refund (as if the sandbox had failed) never went.
    await deliverSandboxEvent(sandboxShop, { type: 'succeeded', ...late });
    await ctx.database.db
      .update(payments)
      .set({ refundedAt: null, providerRefundId: null, refundedAmount: 0 })
      .where(eq(payments.id, late.paymentId));

    // The owner switches to Stripe; a Stripe payment of the same user is overdue too.
    const stripeShop = await ctx.buildApp({ env: stripeEnv(fake) });
    const own = await startStripeDeposit(stripeShop, ctx.database.db, fake, user, 1_500);
    const sweeper = stripeSweeper(ctx.database.db, fake);
    const requestsBefore = fake.requests.length;
    await sweeper.expireOverdue(
      new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000),
    );
    expect(await sweeper.retryLateRefunds()).toBe(0);

    expect(await statusOf(pending.paymentId)).toMatchObject({ status: 'expired' });
    expect(await statusOf(own.payment.id)).toMatchObject({ status: 'expired' });
    expect(await statusOf(late.paymentId)).toEqual({ status: 'late', refundedAt: null });
    // Stripe was asked about its own session only, and refunded nothing.
    const asked = fake.requests.slice(requestsBefore).map((request) => request.path);
    expect(asked.some((path) => path.includes('sbx_'))).toBe(false);
    expect(asked.some((path) => path.includes(own.session.id))).toBe(true);
    expect(asked.filter((path) => path.startsWith('/v1/refunds'))).toEqual([]);

    // The sandbox's webhook is not Stripe's: a sandbox success credits nothing now.
    const sandboxSuccess = await deliverSandboxEvent(stripeShop, { type: 'succeeded', ...pending });
    expect(sandboxSuccess.statusCode).toBeGreaterThanOrEqual(400);
    expect(await balanceOfUser(stripeShop, user, 'EUR')).toBe(0);
  });
});
