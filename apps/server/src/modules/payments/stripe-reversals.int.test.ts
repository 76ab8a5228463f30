// Disputes and refunds made at Stripe: Stripe names only the PaymentIntent in
// `charge.dispute.created` and `charge.refunded`, so the shop keeps it when the Checkout Session
// completes and finds the payment by it. Against the local Stripe stand-in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths, BalanceDebtListSchema } from '@pictura/contract';
import { bearer, describeEachEngine, signUp } from '../../test/index.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { balanceOfUser } from '../../test/payments.js';
import { deliverStripeEvent, startStripeDeposit, stripeEnv } from '../../test/stripe-payments.js';
import { paymentEvents, payments } from './schema.js';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe('sk_test_pictura_fake_key');
});
afterAll(async () => {
  await fake.close();
});

describeEachEngine('disputes and refunds made at Stripe', (ctx) => {
  it('finds a deposit by its PaymentIntent: a partial refund, then a dispute of the rest', async () => {
    const app = await ctx.buildApp({ env: stripeEnv(fake) });
    const user = await signUp(app);
    const { payment, session } = await startStripeDeposit(app, ctx.database.db, fake, user, 1_500);
    fake.complete(session.id, 'paid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    const paymentIntent = session.payment_intent ?? '';
    const [stored] = await ctx.database.db
      .select({ providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(stored?.providerPaymentId).toBe(paymentIntent);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);

    const charge = {
      id: 'ch_test_1',
      object: 'charge',
      amount: 1_500,
      amount_refunded: 400,
      currency: 'eur',
      payment_intent: paymentIntent,
      refunded: false,
    };
    const refunded = await deliverStripeEvent(app, 'charge.refunded', charge);
    expect(refunded.statusCode).toBe(200);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_100);

    const dispute = {
      id: 'dp_test_1',
      object: 'dispute',
      amount: 1_100,
      currency: 'eur',
      charge: 'ch_test_1',
      payment_intent: paymentIntent,
      reason: 'fraudulent',
      status: 'needs_response',
    };
    const eventId = 'evt_dispute_1';
    await deliverStripeEvent(app, 'charge.dispute.created', dispute, eventId);
    await deliverStripeEvent(app, 'charge.dispute.created', dispute, eventId);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    const [after] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(after).toMatchObject({
      status: 'disputed',
      refundedAmount: 400,
      disputedAmount: 1_100,
      reversedAmount: 1_500,
    });
    const debts = await app.inject({
      method: 'GET',
      url: apiPaths.balanceDebt,
      headers: bearer(user.accessToken),
    });
    expect(BalanceDebtListSchema.parse(debts.json())).toEqual([]);
  });

  it('an inquiry moves nothing; withdrawn funds are taken back; a won dispute gives them back', async () => {
    const app = await ctx.buildApp({ env: stripeEnv(fake) });
    const user = await signUp(app);
    const { session } = await startStripeDeposit(app, ctx.database.db, fake, user, 1_500);
    fake.complete(session.id, 'paid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    const dispute = (status: string) => ({
      id: 'dp_test_3',
      object: 'dispute',
      amount: 1_500,
      currency: 'eur',
      charge: 'ch_test_3',
      payment_intent: session.payment_intent ?? '',
      reason: 'fraudulent',
      status,
    });

    await deliverStripeEvent(app, 'charge.dispute.created', dispute('warning_needs_response'));
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
    await deliverStripeEvent(app, 'charge.dispute.updated', dispute('needs_response'));
    await deliverStripeEvent(app, 'charge.dispute.funds_withdrawn', dispute('needs_response'));
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    await deliverStripeEvent(app, 'charge.dispute.funds_reinstated', dispute('won'));
    await deliverStripeEvent(app, 'charge.dispute.closed', dispute('won'));
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
  });

  it('ignores a dispute for a PaymentIntent it does not know', async () => {
    const app = await ctx.buildApp({ env: stripeEnv(fake) });
    const eventId = 'evt_dispute_unknown';
    const answer = await deliverStripeEvent(
      app,
      'charge.dispute.created',
      {
        id: 'dp_test_2',
        object: 'dispute',
        amount: 900,
        currency: 'eur',
        charge: 'ch_test_2',
        payment_intent: 'pi_unknown',
        status: 'needs_response',
      },
      eventId,
    );
    expect(answer.statusCode).toBe(200);
    const [event] = await ctx.database.db
      .select({ outcome: paymentEvents.outcome, type: paymentEvents.type })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, eventId));
    expect(event).toEqual({ outcome: 'unknown', type: 'disputed.withdrawn' });
  });
});
