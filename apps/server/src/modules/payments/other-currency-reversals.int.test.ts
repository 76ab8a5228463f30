// A dispute or a refund made at the provider in another currency than its payment's is never
// dropped: it is kept once per provider event (outcome `otherCurrency`), moves no money, is listed
// in the back office until a person marks it settled, and is mailed to the shop once. Played as
// the provider: signed sandbox events, and Stripe-shaped events against the Stripe stand-in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adminApiPaths,
  adminApiPathTo,
  AdminOtherCurrencyReversalListSchema,
  AdminOtherCurrencyReversalSchema,
  AdminPaymentReversalListSchema,
  AuditListSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, signUp, signUpAdmin } from '../../test/index.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import {
  balanceOfUser,
  deliverSandboxDispute,
  deliverSandboxReversal,
  fundBalance,
  newEventId,
} from '../../test/payments.js';
import { deliverStripeEvent, startStripeDeposit, stripeEnv } from '../../test/stripe-payments.js';
import { mailOutbox } from '../mail/index.js';
import { otherCurrencyReversals, paymentEvents, payments } from './schema.js';

const SUPPORT_EMAIL = 'care@shop.example';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe('sk_test_pictura_fake_key');
});
afterAll(async () => {
  await fake.close();
});

describeEachEngine('disputes and refunds in another currency than their payment', (ctx) => {
  const db = () => ctx.database.db;
  const shopMails = () =>
    db()
      .select({ to: mailOutbox.recipient, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'otherCurrencyReversal'));
  const heldOf = (paymentId: string) =>
    db()
      .select()
      .from(otherCurrencyReversals)
      .where(eq(otherCurrencyReversals.paymentId, paymentId));
  const outcomeOf = async (eventId: string) => {
    const [row] = await db()
      .select({ outcome: paymentEvents.outcome, paymentId: paymentEvents.paymentId })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, eventId));
    return row;
  };
  const paymentRow = async (paymentId: string) => {
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    return row;
  };
  const adminGet = async (app: App, token: string, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(token) });

  it('keeps a sandbox dispute in GBP once, moves nothing, mails the shop once, and a person settles it', async () => {
    const app = await ctx.buildApp({ env: { SUPPORT_EMAIL } });
    const admin = await signUpAdmin(app, db());
    const user = await signUp(app);
    const paymentId = await fundBalance(app, user, 1_000, 'EUR');
    const mailsBefore = (await shopMails()).length;

    const id = newEventId();
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await deliverSandboxDispute(app, {
        id,
        kind: 'funds_withdrawn',
        paymentId,
        amount: 870,
        currency: 'GBP',
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await outcomeOf(id)).toEqual({ outcome: 'otherCurrency', paymentId });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'succeeded',
      reversedAmount: 0,
      disputedAmount: 0,
      disputeStage: null,
    });
    expect(await heldOf(paymentId)).toMatchObject([
      { eventId: id, type: 'dispute', disputeStage: 'withdrawn', amount: 870, currency: 'GBP' },
    ]);
    const mails = await shopMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toEqual({
      to: SUPPORT_EMAIL,
      subject: 'A dispute in GBP of a EUR payment waits for you',
    });
    // Not among the reversals that moved money.
    const moved = AdminPaymentReversalListSchema.parse(
      (await adminGet(app, admin.accessToken, adminApiPaths.paymentReversals)).json(),
    );
    expect(moved.filter((row) => row.paymentId === paymentId)).toEqual([]);

    const listed = AdminOtherCurrencyReversalListSchema.parse(
      (await adminGet(app, admin.accessToken, adminApiPaths.otherCurrencyReversals)).json(),
    ).filter((row) => row.paymentId === paymentId);
    expect(listed).toMatchObject([
      {
        eventId: id,
        type: 'dispute',
        amount: 870,
        currency: 'GBP',
        paymentAmount: 1_000,
        paymentCurrency: 'EUR',
        purpose: 'deposit',
        customerEmail: user.email,
        settledAt: null,
        settledBy: null,
      },
    ]);
    const reversalId = listed[0]?.id ?? 0;

    // A customer may not see or settle it.
    const refused = await app.inject({
      method: 'POST',
      url: adminApiPathTo.otherCurrencyReversalSettle(reversalId),
      headers: bearer(user.accessToken),
    });
    expect(refused.statusCode).toBe(403);

    const settle = () =>
      app.inject({
        method: 'POST',
        url: adminApiPathTo.otherCurrencyReversalSettle(reversalId),
        headers: bearer(admin.accessToken),
      });
    const first = AdminOtherCurrencyReversalSchema.parse((await settle()).json());
    expect(first).toMatchObject({ id: reversalId, settledBy: admin.email });
    expect(first.settledAt).not.toBeNull();
    // Pressed again: the same answer, nothing changes, one audit record.
    expect(AdminOtherCurrencyReversalSchema.parse((await settle()).json())).toEqual(first);
    const audit = AuditListSchema.parse(
      (await adminGet(app, admin.accessToken, `${adminApiPaths.audit}?Entity=payment`)).json(),
    );
    expect(
      audit.entries.filter(
        (entry) =>
          entry.action === 'payment.otherCurrencyReversalSettled' && entry.entityId === paymentId,
      ),
    ).toHaveLength(1);
    const unknown = await app.inject({
      method: 'POST',
      url: adminApiPathTo.otherCurrencyReversalSettle(2_000_000),
      headers: bearer(admin.accessToken),
    });
    expect(unknown.statusCode).toBe(404);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000);
  });

  it('keeps a sandbox refund in USD of an EUR deposit; a currency code that is not one is ignored', async () => {
    const app = await ctx.buildApp({ env: { SUPPORT_EMAIL } });
    const user = await signUp(app);
    const paymentId = await fundBalance(app, user, 1_000, 'EUR');
    const id = newEventId();
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await deliverSandboxReversal(app, {
        id,
        type: 'refunded',
        paymentId,
        amount: 1_100,
        currency: 'USD',
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await heldOf(paymentId)).toMatchObject([
      { eventId: id, type: 'refund', disputeStage: null, amount: 1_100, currency: 'USD' },
    ]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000);
    // Signed but not a currency code: recorded as ignored and answered 2xx, as the provider expects.
    const badId = newEventId();
    const bad = await deliverSandboxReversal(app, {
      id: badId,
      type: 'refunded',
      paymentId,
      amount: 100,
      currency: 'pounds',
    });
    expect(bad.statusCode).toBe(200);
    expect(await outcomeOf(badId)).toEqual({ outcome: 'ignored', paymentId: null });
    expect(await heldOf(paymentId)).toHaveLength(1);
  });

  it('keeps a Stripe refund and a Stripe dispute in GBP of an EUR payment, each once', async () => {
    const app = await ctx.buildApp({ env: { ...stripeEnv(fake), SUPPORT_EMAIL } });
    const user = await signUp(app);
    const { payment, session } = await startStripeDeposit(app, db(), fake, user, 1_500);
    fake.complete(session.id, 'paid');
    await deliverStripeEvent(app, 'checkout.session.completed', session);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
    const mailsBefore = (await shopMails()).length;
    const paymentIntent = session.payment_intent ?? '';

    const charge = {
      id: 'ch_gbp_1',
      object: 'charge',
      amount: 1_300,
      amount_refunded: 1_300,
      currency: 'gbp',
      payment_intent: paymentIntent,
      refunded: true,
    };
    const dispute = {
      id: 'dp_gbp_1',
      object: 'dispute',
      amount: 1_300,
      currency: 'gbp',
      charge: 'ch_gbp_1',
      payment_intent: paymentIntent,
      reason: 'fraudulent',
      status: 'needs_response',
    };
    const refundId = newEventId();
    const disputeId = newEventId();
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect((await deliverStripeEvent(app, 'charge.refunded', charge, refundId)).statusCode).toBe(
        200,
      );
      expect(
        (await deliverStripeEvent(app, 'charge.dispute.created', dispute, disputeId)).statusCode,
      ).toBe(200);
    }
    expect(await outcomeOf(refundId)).toEqual({ outcome: 'otherCurrency', paymentId: payment.id });
    expect(await outcomeOf(disputeId)).toEqual({ outcome: 'otherCurrency', paymentId: payment.id });
    const held = await heldOf(payment.id);
    expect(held.map((row) => [row.eventId, row.type, row.amount, row.currency]).sort()).toEqual(
      [
        [refundId, 'refund', 1_300, 'GBP'],
        [disputeId, 'dispute', 1_300, 'GBP'],
      ].sort(),
    );
    expect(await shopMails()).toHaveLength(mailsBefore + 2);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'succeeded', reversedAmount: 0 });
  });
});
