// POST /api/orders/{orderId}/pay: a failed order can be paid again, keeping its balance part and
// putting the rest on a new payment; a pending one answers its link; paid and expired ones cannot;
// another user's is a 404.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@pictura/contract';
import type { App } from '../../app.js';
import { orders } from './schema.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import {
  balanceOf,
  creditBalance,
  orderRequest,
  ordersOf,
  payAgain,
  paymentOfOrder,
  placeOrder,
  settleOrder,
} from '../../test/orders.js';

describeEachEngine('paying an order again', (ctx) => {
  let fox: number;
  beforeAll(async () => {
    fox = (await seedTestCatalog(ctx.database.db)).get('red-fox')?.[0] ?? 0;
  });

  /** An order of Red Fox (5.00 EUR), 2.00 of it from the balance, whose card payment failed. */
  async function failedOrder(app: App, user: TestUser): Promise<number> {
    await creditBalance(ctx.database.db, user, 200, 'EUR');
    await placeOrder(app, user, orderRequest([fox], { payByBalance: true }));
    const [order] = await ordersOf(app, user);
    await settleOrder(app, ctx.database.db, order?.id ?? 0, 'failed');
    return order?.id ?? 0;
  }

  it('keeps the balance part of a failed order and puts the rest on a new payment', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const orderId = await failedOrder(app, user);
    const failedPayment = await paymentOfOrder(ctx.database.db, orderId);
    expect(await balanceOf(app, user, 'EUR')).toBe(200);

    const response = await payAgain(app, user, orderId);

    expect(response.statusCode).toBe(200);
    const { paymentLink } = response.json<{ paymentLink: string }>();
    const payment = await paymentOfOrder(ctx.database.db, orderId);
    expect(payment.id).not.toBe(failedPayment.id);
    expect(payment).toMatchObject({ amount: 300, currency: 'EUR', status: 'pending' });
    expect(payment.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const [order] = await ordersOf(app, user);
    expect(order).toMatchObject({
      id: orderId,
      status: 'pending',
      paidByBalance: 200,
      paidByPayment: 300,
      paymentLink,
    });
    expect(await balanceOf(app, user, 'EUR')).toBe(0);

    await settleOrder(app, ctx.database.db, orderId, 'succeeded');
    expect((await ordersOf(app, user))[0]?.status).toBe('paid');
    expect(await balanceOf(app, user, 'EUR')).toBe(0);
  });

  it('gives each failed attempt its balance part back once, and debits it once per retry', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const orderId = await failedOrder(app, user);

    await payAgain(app, user, orderId);
    await settleOrder(app, ctx.database.db, orderId, 'failed');
    // The webhook of the second failure arrives twice: still one give-back.
    await settleOrder(app, ctx.database.db, orderId, 'failed');
    expect(await balanceOf(app, user, 'EUR')).toBe(200);

    await payAgain(app, user, orderId);
    expect(await balanceOf(app, user, 'EUR')).toBe(0);
    await settleOrder(app, ctx.database.db, orderId, 'succeeded');

    const [order] = await ordersOf(app, user);
    expect(order).toMatchObject({ status: 'paid', paidByBalance: 200, paidByPayment: 300 });
    expect(await balanceOf(app, user, 'EUR')).toBe(0);
  });

  it('takes only what is left when the balance was spent in between', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const orderId = await failedOrder(app, user);
    // With 4.50 more, a 5.00 gift card paid by balance alone leaves 1.50 of the 2.00 given back.
    await creditBalance(ctx.database.db, user, 450, 'EUR');
    await placeOrder(app, user, orderRequest([], { giftCardAmount: 500, payByBalance: true }));
    expect(await balanceOf(app, user, 'EUR')).toBe(150);

    await payAgain(app, user, orderId);

    const payment = await paymentOfOrder(ctx.database.db, orderId);
    expect(payment).toMatchObject({ amount: 350, status: 'pending' });
    const order = (await ordersOf(app, user)).find((row) => row.id === orderId);
    expect(order).toMatchObject({ paidByBalance: 150, paidByPayment: 350 });
    expect(await balanceOf(app, user, 'EUR')).toBe(0);
  });

  it('puts the whole total on the card again when the order had no balance part', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 200, 'EUR');
    await placeOrder(app, user, orderRequest([fox]));
    const [placed] = await ordersOf(app, user);
    await settleOrder(app, ctx.database.db, placed?.id ?? 0, 'failed');

    await payAgain(app, user, placed?.id ?? 0);

    const payment = await paymentOfOrder(ctx.database.db, placed?.id ?? 0);
    expect(payment).toMatchObject({ amount: 500, status: 'pending' });
    expect(await balanceOf(app, user, 'EUR')).toBe(200);
  });

  it("answers a pending order's own link, and refuses paid and expired orders", async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const link = await placeOrder(app, user, orderRequest([fox]));
    const [pending] = await ordersOf(app, user);

    const again = await payAgain(app, user, pending?.id ?? 0);
    expect(again.json()).toEqual({ paymentLink: link });

    await settleOrder(app, ctx.database.db, pending?.id ?? 0, 'succeeded');
    const paid = await payAgain(app, user, pending?.id ?? 0);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ errors: { '': ORDER_MESSAGES.orderNotPayable } });

    // Red Fox is the user's now and cannot be bought again: a gift card of 5.00 instead.
    await placeOrder(app, user, orderRequest([], { giftCardAmount: 500 }));
    const [second] = await ordersOf(app, user);
    await settleOrder(app, ctx.database.db, second?.id ?? 0, 'expired');
    expect((await payAgain(app, user, second?.id ?? 0)).statusCode).toBe(409);
  });

  it("answers 404 for another user's order and an unknown one, and 401 when signed out", async () => {
    const app = await ctx.buildApp();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const orderId = await failedOrder(app, owner);

    expect((await payAgain(app, stranger, orderId)).statusCode).toBe(404);
    expect((await payAgain(app, owner, 999_999)).statusCode).toBe(404);
    expect((await payAgain(app, { accessToken: 'nope' }, orderId)).statusCode).toBe(401);
    expect((await ordersOf(app, owner))[0]?.status).toBe('failed');
  });

  it('creates one new payment for retries with the same Idempotency-Key', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const orderId = await failedOrder(app, user);

    const first = await payAgain(app, user, orderId, 'pay-again-1');
    const retry = await payAgain(app, user, orderId, 'pay-again-1');

    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const payment = await paymentOfOrder(ctx.database.db, orderId);
    expect(first.json()).toEqual({
      paymentLink: expect.stringContaining('/api/payments/sandbox/'),
    });
    expect(payment.status).toBe('pending');
  });

  it('does not keep a 409 as the answer of its Idempotency-Key: the same attempt pays once the order may be paid', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const orderId = await failedOrder(app, user);
    const setStatus = (status: 'expired' | 'failed') =>
      ctx.database.db.update(orders).set({ status }).where(eq(orders.id, orderId));

    await setStatus('expired');
    const refused = await payAgain(app, user, orderId, 'pay-again-409');
    expect(refused.statusCode).toBe(409);
    await setStatus('failed');
    const retried = await payAgain(app, user, orderId, 'pay-again-409');

    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json()).toEqual({
      paymentLink: expect.stringContaining('/api/payments/sandbox/'),
    });
  });
});
