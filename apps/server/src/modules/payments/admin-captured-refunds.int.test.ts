// Captured money that did not become a sale: amount mismatches and successes for orders
// that no longer wait are listed with the late payments, and each is refunded through the
// provider in one click, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ADMIN_PAYMENT_REFUND_MESSAGES,
  adminApiPaths,
  adminApiPathTo,
  AdminLatePaymentListSchema,
  apiPathTo,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import {
  deliverWebhook,
  orderRequest,
  ordersOf,
  paymentOfOrder,
  placeOrder,
} from '../../test/orders.js';
import {
  balanceOfUser,
  deliverSandboxEvent,
  newEventId,
  startDeposit,
} from '../../test/payments.js';
import { deliverStripeEvent, startStripeDeposit, stripeEnv } from '../../test/stripe-payments.js';
import { orders } from '../orders/index.js';
import { payments } from './schema.js';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe('sk_test_pictura_fake_key');
});
afterAll(async () => {
  await fake.close();
});

const listOf = async (app: App, admin: TestUser) => {
  const response = await app.inject({
    method: 'GET',
    url: adminApiPaths.latePayments,
    headers: bearer(admin.accessToken),
  });
  return AdminLatePaymentListSchema.parse(response.json());
};

const refund = (app: App, admin: TestUser, eventId: string) =>
  app.inject({
    method: 'POST',
    url: adminApiPathTo.paymentEventRefund(eventId),
    headers: bearer(admin.accessToken),
  });

describeEachEngine('captured payments that did not become a sale', (ctx) => {
  it('lists an amount mismatch and refunds the captured amount through Stripe once', async () => {
    const app = await ctx.buildApp({ env: stripeEnv(fake) });
    const admin = await signUpAdmin(app, ctx.database.db);
    const user = await signUp(app);
    const { payment, session } = await startStripeDeposit(app, ctx.database.db, fake, user, 2_000);
    // One stand-in serves every engine, and it remembers idempotency keys: an id per engine.
    const eventId = `evt_mismatch_${ctx.engine}`;
    // The provider captured another amount than the shop asked for: nothing is credited.
    fake.complete(session.id, 'paid');
    await deliverStripeEvent(
      app,
      'checkout.session.completed',
      { ...session, amount_total: 2_500 },
      eventId,
    );
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);

    expect(await listOf(app, admin)).toEqual([
      expect.objectContaining({
        eventId: eventId,
        outcome: 'mismatch',
        amount: 2_500,
        paymentId: payment.id,
        customerEmail: user.email,
        refundedAt: null,
        providerRefundId: null,
      }),
    ]);

    const clicks = await Promise.all([refund(app, admin, eventId), refund(app, admin, eventId)]);

    expect(clicks.map((click) => click.statusCode).sort()).toEqual([200, 409]);
    const refunds = fake.refunds.filter((r) => r.payment_intent === session.payment_intent);
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: 2_500,
        idempotencyKey: `captured-refund:stripe:${eventId}`,
      }),
    ]);
    const [listed] = await listOf(app, admin);
    expect(listed).toMatchObject({
      refundedAt: expect.any(String),
      providerRefundId: refunds[0]?.id,
    });
    expect((await refund(app, admin, eventId)).json()).toEqual({
      errors: { '': 'This payment has already been refunded.' },
    });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
  });

  it('lists a success for an order that no longer waits, and refunds it: the payment is refunded', async () => {
    const fox = (await seedTestCatalog(ctx.database.db)).get('red-fox')?.[0] ?? 0;
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    await placeOrder(app, buyer, orderRequest([fox]));
    const [order] = await ordersOf(app, buyer);
    const payment = await paymentOfOrder(ctx.database.db, order?.id ?? 0);
    // The order stopped waiting while its payment was open (here set directly: no public flow does it).
    await ctx.database.db
      .update(orders)
      .set({ status: 'expired' })
      .where(eq(orders.id, order?.id ?? 0));
    await deliverWebhook(app, {
      type: 'succeeded',
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      id: 'evt_undelivered_one',
    });

    expect((await listOf(app, admin)).find((row) => row.eventId === 'evt_undelivered_one')).toEqual(
      expect.objectContaining({ outcome: 'undelivered', orderId: order?.id, refundedAt: null }),
    );
    const response = await refund(app, admin, 'evt_undelivered_one');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      amount: payment.amount,
      currency: payment.currency,
      providerRefundId: expect.stringMatching(/^sbx_re_/),
    });
    const result = await app.inject({
      method: 'GET',
      url: apiPathTo.payment(payment.id),
      headers: bearer(buyer.accessToken),
    });
    expect(result.json()).toMatchObject({ status: 'refunded' });
    expect((await ordersOf(app, buyer))[0]?.status).toBe('expired');
  });

  it('answers 404 for an event that is not captured money, and to non-admins 403', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const user = await signUp(app);

    expect((await refund(app, admin, 'evt_nothing_like_it')).statusCode).toBe(404);
    expect((await refund(app, user, 'evt_nothing_like_it')).statusCode).toBe(403);
  });

  it('does not list as captured a failure or expiry whose amount differs: no money was taken', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 1_000, 'EUR');
    const failedId = newEventId();
    const expiredId = newEventId();
    await deliverSandboxEvent(app, { ...deposit, id: failedId, type: 'failed', amount: 999 });
    await deliverSandboxEvent(app, { ...deposit, id: expiredId, type: 'expired', currency: 'USD' });

    const listed = (await listOf(app, admin)).filter((row) => row.paymentId === deposit.paymentId);
    expect(listed).toEqual([]);
    expect((await refund(app, admin, failedId)).statusCode).toBe(404);
    expect((await refund(app, admin, expiredId)).statusCode).toBe(404);
  });

  it("refuses to refund a capture of a payment the payer's bank disputed, and refunds nothing", async () => {
    const app = await ctx.buildApp({ env: stripeEnv(fake) });
    const admin = await signUpAdmin(app, ctx.database.db);
    const user = await signUp(app);
    const { payment, session } = await startStripeDeposit(app, ctx.database.db, fake, user, 2_000);
    const eventId = `evt_mismatch_disputed_${ctx.engine}`;
    fake.complete(session.id, 'paid');
    await deliverStripeEvent(
      app,
      'checkout.session.completed',
      { ...session, amount_total: 2_500 },
      eventId,
    );
    // The bank took the captured money back (a chargeback of the whole capture).
    await ctx.database.db
      .update(payments)
      .set({ status: 'disputed', disputedAmount: 2_000 })
      .where(eq(payments.id, payment.id));

    const refused = await refund(app, admin, eventId);

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: { '': ADMIN_PAYMENT_REFUND_MESSAGES.disputed } });
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent)).toEqual([]);
  });
});
