// Dispute outcomes, played as the provider plays them (docs/decisions/money/dispute-stages.md):
// an inquiry takes nothing; withdrawn funds take back; a won dispute gives back exactly what was
// taken (what is owed cancelled first, then the balance), once, whatever the order of arrival and
// the replays. Bad input is answered as the provider expects and recorded.
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  apiPaths,
  BalanceDebtListSchema,
  LedgerHistorySchema,
  type Currency,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import { orderRequest, postOrder } from '../../test/orders.js';
import {
  balanceOfUser,
  deliverSandboxBody,
  deliverSandboxDispute,
  fundBalance,
  newEventId,
  postSandboxWebhook,
} from '../../test/payments.js';
import { mailOutbox } from '../mail/index.js';
import { paymentEvents, paymentReversals, payments } from './schema.js';

describeEachEngine('dispute outcomes', (ctx) => {
  const debtsOf = async (app: App, user: TestUser) =>
    BalanceDebtListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: apiPaths.balanceDebt,
          headers: bearer(user.accessToken),
        })
      ).json(),
    );
  const paymentRow = async (paymentId: string) => {
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId));
    return row;
  };
  const eventOutcome = async (eventId: string) => {
    const [row] = await ctx.database.db
      .select({ outcome: paymentEvents.outcome, type: paymentEvents.type })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, eventId));
    return row;
  };

  /** A user with a paid deposit of `amount` EUR. */
  async function depositor(app: App, amount: number) {
    const user = await signUp(app);
    const paymentId = await fundBalance(app, user, amount, 'EUR');
    return { user, paymentId };
  }
  const dispute = (
    app: App,
    paymentId: string,
    kind: Parameters<typeof deliverSandboxDispute>[1]['kind'],
    status?: string,
    extra: { id?: string; amount?: number; currency?: Currency } = {},
  ) =>
    deliverSandboxDispute(app, {
      kind,
      paymentId,
      amount: extra.amount ?? 2_000,
      currency: extra.currency ?? 'EUR',
      ...(status === undefined ? {} : { status }),
      ...(extra.id === undefined ? {} : { id: extra.id }),
    });

  it('an inquiry takes nothing, and its closing gives nothing', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 2_000);
    const id = newEventId();
    expect(
      (await dispute(app, paymentId, 'created', 'warning_needs_response', { id })).statusCode,
    ).toBe(200);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(2_000);
    expect(await debtsOf(app, user)).toEqual([]);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'succeeded',
      disputeStage: 'inquiry',
      reversedAmount: 0,
    });
    expect(await eventOutcome(id)).toEqual({ outcome: 'applied', type: 'disputed.inquiry' });
    await dispute(app, paymentId, 'closed', 'warning_closed');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(2_000);
    const reversals = await ctx.database.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, paymentId));
    expect(reversals).toEqual([]);
  });

  it('a lost dispute is given back in full when won on appeal, whatever was spent meanwhile, once', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 2_000);
    const other = await fundBalance(app, user, 500, 'EUR'); // 2,500 in the balance
    expect(other).not.toBe(paymentId);
    await dispute(app, paymentId, 'created', 'needs_response', { amount: 2_000 });
    await dispute(app, paymentId, 'funds_withdrawn', undefined, { amount: 2_000 });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(500);
    await dispute(app, paymentId, 'closed', 'lost', { amount: 2_000 });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(500);
    expect((await paymentRow(paymentId))?.status).toBe('disputed');

    // Spent meanwhile: a refund at the provider of the other deposit takes its 500 back.
    const wonId = newEventId();
    await deliverSandboxBody(app, {
      id: newEventId(),
      type: 'payment.refunded',
      data: { reference: other, amount: 500, currency: 'EUR' },
    });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);

    await dispute(app, paymentId, 'closed', 'won', { id: wonId });
    await dispute(app, paymentId, 'closed', 'won', { id: wonId });
    await dispute(app, paymentId, 'funds_reinstated');
    // Arriving late, after the outcome: no stage goes back.
    await dispute(app, paymentId, 'funds_withdrawn');
    await dispute(app, paymentId, 'created', 'needs_response');

    expect(await balanceOfUser(app, user, 'EUR')).toBe(2_000);
    expect(await debtsOf(app, user)).toEqual([]);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'succeeded',
      disputeStage: 'reinstated',
      reversedAmount: 0,
      disputedAmount: 0,
    });
    const rows = await ctx.database.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, paymentId));
    expect(
      rows.map(({ kind, amount, takenFromBalance, givenBack }) => ({
        kind,
        amount,
        takenFromBalance,
        givenBack,
      })),
    ).toEqual([
      { kind: 'dispute', amount: 2_000, takenFromBalance: 2_000, givenBack: 0 },
      { kind: 'reinstatement', amount: 2_000, takenFromBalance: 0, givenBack: 2_000 },
    ]);
    const history = LedgerHistorySchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `${apiPaths.balanceHistory}?Currency=EUR`,
          headers: bearer(user.accessToken),
        })
      ).json(),
    );
    expect(history.entries[0]).toMatchObject({ kind: 'reinstatement', amount: 2_000 });
    const mails = await ctx.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'paymentReversal')));
    expect(mails.map((mail) => mail.subject)).toContain('A disputed Pictura payment was settled');
  });

  it('a won dispute cancels what is still owed and gives back what a deposit paid of it', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 1_000);
    // 800 of it spent on a gift card paid from the balance.
    const spent = await postOrder(
      app,
      user,
      orderRequest([], { giftCardAmount: 800, payByBalance: true }),
    );
    expect(spent.statusCode).toBe(200);
    await dispute(app, paymentId, 'created', 'needs_response', { amount: 1_000 });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: 800 }]);
    await fundBalance(app, user, 500, 'EUR'); // pays 500 of the debt
    expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: 300 }]);

    await dispute(app, paymentId, 'closed', 'won', { amount: 1_000 });
    expect(await debtsOf(app, user)).toEqual([]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(700);
    const [row] = await ctx.database.db
      .select()
      .from(paymentReversals)
      .where(
        and(eq(paymentReversals.paymentId, paymentId), eq(paymentReversals.kind, 'reinstatement')),
      );
    expect(row).toMatchObject({ amount: 1_000, debtCancelled: 300, givenBack: 700 });
  });

  it('a won dispute that arrives before its withdrawal makes the withdrawal move nothing', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 2_000);
    await dispute(app, paymentId, 'closed', 'won');
    await dispute(app, paymentId, 'funds_withdrawn');
    await dispute(app, paymentId, 'created', 'needs_response');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(2_000);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded', reversedAmount: 0 });
  });

  it('answers bad input as the provider expects, records it, and moves nothing twice', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 1_000);
    // More than the payment: at most the payment is taken.
    await dispute(app, paymentId, 'funds_withdrawn', undefined, { amount: 9_000 });
    expect(await debtsOf(app, user)).toEqual([]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    expect((await paymentRow(paymentId))?.reversedAmount).toBe(1_000);

    // Another currency than the payment's: kept for a person, nothing moved.
    const usd = newEventId();
    await dispute(app, paymentId, 'closed', 'won', { id: usd, currency: 'USD' });
    expect(await eventOutcome(usd)).toMatchObject({ outcome: 'otherCurrency' });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);

    // A status the shop does not know, and an event type it does not act on: 200, recorded.
    const strange = newEventId();
    expect(
      (await dispute(app, paymentId, 'updated', 'charge_refunded', { id: strange })).statusCode,
    ).toBe(200);
    expect(await eventOutcome(strange)).toEqual({
      outcome: 'ignored',
      type: 'payment.dispute.updated',
    });
    const other = newEventId();
    const unknownType = await deliverSandboxBody(app, {
      id: other,
      type: 'customer.created',
      data: {},
    });
    expect(unknownType.statusCode).toBe(200);
    expect(await eventOutcome(other)).toEqual({ outcome: 'ignored', type: 'customer.created' });

    // A bad signature: 400, nothing recorded or moved.
    const forged = await postSandboxWebhook(app, {
      body: JSON.stringify({ id: newEventId(), type: 'payment.dispute.closed', data: {} }),
      headers: {
        'content-type': 'application/json',
        'pictura-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
  });
});
