// Disputes and refunds made at the provider: a deposit's credit is taken back
// from the balance as far as it goes and the rest is owed, which pauses spending in that currency
// until a deposit or a gift card pays it; an order's downloads are withdrawn; the back office lists
// each with the customer and amount, and the customer gets a mail. Once per event, whatever the
// replays and however many arrive at once.
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  adminApiPaths,
  AdminIssuedGiftCardSchema,
  AdminPaymentReversalListSchema,
  apiPaths,
  apiPathTo,
  BALANCE_MESSAGES,
  BalanceDebtListSchema,
  PurchasedArtworkListSchema,
  adminApiPathTo,
  type Currency,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { generationRequest, submitGeneration } from '../../test/generation.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import { orderRequest, ordersOf, placeOrder, postOrder, settleOrder } from '../../test/orders.js';
import {
  balanceOfUser,
  deliverSandboxEvent,
  deliverSandboxReversal,
  fundBalance,
  newEventId,
  startDeposit,
  userIdOf,
} from '../../test/payments.js';
import { mailOutbox } from '../mail/index.js';
import { paymentReversals, payments } from './schema.js';

describeEachEngine('disputes and refunds made at the provider', (ctx) => {
  let fox: number;
  let owl: number;
  beforeAll(async () => {
    const catalog = await seedTestCatalog(ctx.database.db);
    fox = catalog.get('red-fox')?.[0] ?? 0;
    owl = catalog.get('night-owl')?.[0] ?? 0;
  });

  const get = (app: App, who: TestUser, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });
  const debtsOf = async (app: App, user: TestUser) =>
    BalanceDebtListSchema.parse((await get(app, user, apiPaths.balanceDebt)).json());
  const statusOf = async (paymentId: string) => {
    const [row] = await ctx.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return row?.status;
  };
  const reversalsOf = (paymentId: string) =>
    ctx.database.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, paymentId));

  /** A user with a paid deposit of `amount`, `spent` of it gone on Red Fox (5.00 EUR) orders. */
  async function depositor(app: App, amount: number, currency: Currency = 'EUR') {
    const user = await signUp(app);
    const paymentId = await fundBalance(app, user, amount, currency);
    return { user, paymentId };
  }

  it('takes a refunded deposit back from what is left of the balance and records the rest as owed, once', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 2_000);
    await placeOrder(app, user, orderRequest([fox], { payByBalance: true }));
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);

    const id = newEventId();
    const refund = {
      type: 'refunded' as const,
      paymentId,
      amount: 2_000,
      currency: 'EUR' as const,
    };
    expect((await deliverSandboxReversal(app, { ...refund, id })).statusCode).toBe(200);
    // The same event again, and the provider telling the same total in another event.
    await deliverSandboxReversal(app, { ...refund, id });
    await deliverSandboxReversal(app, refund);

    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: 500 }]);
    expect(await statusOf(paymentId)).toBe('refunded');
    expect(await reversalsOf(paymentId)).toMatchObject([
      { kind: 'refund', amount: 2_000, takenFromBalance: 1_500, debt: 500 },
    ]);
    const history = (await get(app, user, `${apiPaths.balanceHistory}?Currency=EUR`)).json<{
      entries: { kind: string; amount: number; balanceAfter: number }[];
    }>();
    expect(history.entries[0]).toMatchObject({ kind: 'reversal', amount: -1_500, balanceAfter: 0 });
  });

  it('moves only what a partial refund adds to those before it; an older total moves nothing', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 2_000);
    const refund = (amount: number) =>
      deliverSandboxReversal(app, { type: 'refunded', paymentId, amount, currency: 'EUR' });

    await refund(500);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
    await refund(1_200);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(800);
    await refund(500);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(800);
    expect(await statusOf(paymentId)).toBe('succeeded');
    expect(await debtsOf(app, user)).toEqual([]);
    expect((await reversalsOf(paymentId)).map((row) => row.amount).sort()).toEqual([500, 700]);
  });

  it('pauses orders and generations in the owed currency until a deposit pays the debt first', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 1_000);
    await placeOrder(app, user, orderRequest([fox], { payByBalance: true }));
    await deliverSandboxReversal(app, {
      type: 'disputed',
      paymentId,
      amount: 1_000,
      currency: 'EUR',
    });
    expect(await statusOf(paymentId)).toBe('disputed');
    expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: 500 }]);

    const refused = await postOrder(app, user, orderRequest([owl]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { '': BALANCE_MESSAGES.debt } });
    const generation = await submitGeneration(app, user, generationRequest({ currency: 'EUR' }));
    expect(generation.json()).toEqual({ errors: { '': BALANCE_MESSAGES.debt } });
    // Another currency owes nothing.
    const inDollars = orderRequest([], { currency: 'USD', giftCardAmount: 500 });
    expect((await postOrder(app, user, inDollars)).statusCode).toBe(200);

    await fundBalance(app, user, 800, 'EUR');
    expect(await debtsOf(app, user)).toEqual([]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(300);
    expect((await postOrder(app, user, orderRequest([owl]))).statusCode).toBe(200);
  });

  it('pays the debt first from a redeemed gift card', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const { user, paymentId } = await depositor(app, 1_000);
    await placeOrder(app, user, orderRequest([fox], { payByBalance: true }));
    await deliverSandboxReversal(app, {
      type: 'disputed',
      paymentId,
      amount: 1_000,
      currency: 'EUR',
    });
    const issued = await app.inject({
      method: 'POST',
      url: adminApiPaths.giftCards,
      headers: bearer(admin.accessToken),
      payload: { amount: 2_000, currency: 'EUR', reason: 'test' },
    });
    const { code } = AdminIssuedGiftCardSchema.parse(issued.json());
    const redeemed = await app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      headers: bearer(user.accessToken),
      payload: { giftCardNumber: code },
    });
    expect(redeemed.json()).toEqual({ currency: 'EUR', amount: 1_500 });
    expect(await debtsOf(app, user)).toEqual([]);
  });

  it("withdraws a disputed order's downloads and tells the back office and the customer", async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    await placeOrder(app, buyer, orderRequest([fox]));
    const [order] = await ordersOf(app, buyer);
    const orderId = order?.id ?? 0;
    const payment = await settleOrder(app, ctx.database.db, orderId, 'succeeded');
    const [artwork] = PurchasedArtworkListSchema.parse(
      (await get(app, buyer, apiPaths.artworks)).json(),
    );
    expect(artwork).toBeDefined();

    await deliverSandboxReversal(app, {
      type: 'disputed',
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
    });

    expect((await get(app, buyer, apiPaths.artworks)).json()).toEqual([]);
    expect((await get(app, buyer, apiPathTo.artworkDownload(artwork?.id ?? 0))).statusCode).toBe(
      404,
    );
    expect((await ordersOf(app, buyer))[0]?.status).toBe('refunded');
    // The back office cannot refund it to the balance on top of the chargeback.
    const refund = await app.inject({
      method: 'POST',
      url: adminApiPathTo.orderRefund(orderId),
      headers: bearer(admin.accessToken),
      payload: {},
    });
    expect(refund.statusCode).toBe(409);
    // Spending is not paused: nothing was owed, the pictures were taken back instead.
    expect(await debtsOf(app, buyer)).toEqual([]);

    const list = AdminPaymentReversalListSchema.parse(
      (await get(app, admin, adminApiPaths.paymentReversals)).json(),
    );
    expect(list.find((row) => row.paymentId === payment.id)).toMatchObject({
      kind: 'dispute',
      purpose: 'order',
      orderId,
      customerEmail: buyer.email,
      amount: payment.amount,
      currency: 'EUR',
      withdrawnArtworks: 1,
      paymentStatus: 'disputed',
    });
    const mails = await ctx.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, buyer.email), eq(mailOutbox.kind, 'paymentReversal')));
    expect(mails).toEqual([{ subject: 'Your bank disputed a Pictura payment' }]);
    // Customers do not see the back office's list.
    expect((await get(app, buyer, adminApiPaths.paymentReversals)).statusCode).toBe(403);
  });

  it("takes nothing back for the echo of the shop's own refund of a late payment", async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 1_000, 'EUR');
    await deliverSandboxEvent(app, { type: 'expired', ...deposit });
    await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
    expect(await statusOf(deposit.paymentId)).toBe('late');
    await deliverSandboxReversal(app, {
      type: 'refunded',
      paymentId: deposit.paymentId,
      amount: 1_000,
      currency: 'EUR',
    });
    expect(await statusOf(deposit.paymentId)).toBe('late');
    expect(await reversalsOf(deposit.paymentId)).toEqual([]);
    expect(await debtsOf(app, user)).toEqual([]);
  });

  it('takes back once however many disputes and refunds of one payment arrive at the same moment', async () => {
    const app = await ctx.buildApp();
    const { user, paymentId } = await depositor(app, 3_000);
    await placeOrder(app, user, orderRequest([fox], { payByBalance: true }));
    const events = [
      ...Array.from({ length: 4 }, () => ({ type: 'disputed' as const, amount: 3_000 })),
      ...[1_000, 2_000, 3_000, 2_000].map((amount) => ({ type: 'refunded' as const, amount })),
    ];
    const answers = await Promise.all(
      events.map((event) => deliverSandboxReversal(app, { ...event, paymentId, currency: 'EUR' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(events.map(() => 200));
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: 500 }]);
    const rows = await reversalsOf(paymentId);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(3_000);
    expect(rows.reduce((sum, row) => sum + row.takenFromBalance + row.debt, 0)).toBe(3_000);
    expect(userIdOf(user)).toBeTruthy();
  });
});
