// The order invariants: the balance is spent once however many orders race for
// it, a failed or expired payment gives the balance part back once, and a webhook that does not
// match its payment pays nothing.
import { pino } from 'pino';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { apiPaths, PAYMENT_RESULT_ORDER_QUERY } from '@pictura/contract';
import type { App } from '../../app.js';
import { createSandboxGateway, sandboxKeys } from '../../infra/payments/index.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { bearer, describeEachEngine, signUp, testConfig, type TestUser } from '../../test/index.js';
import {
  balanceOf,
  creditBalance,
  deliverWebhook,
  ledgerCheck,
  newEventId,
  orderRequest,
  ordersOf,
  paymentOfOrder,
  placeOrder,
  postOrder,
  settleOrder,
} from '../../test/orders.js';
import { giftCardKeys } from '../gift-cards/index.js';
import { loadServerKeys } from '../keys/index.js';
import { startMailRuntime } from '../mail/index.js';
import { createPaymentsService, EXPIRY_GRACE_MS } from '../payments/index.js';
import { startDeliveryRuntime } from './delivery-runtime.js';
import { ORDER_PAYMENT_WINDOW_MS } from './place-order.js';
import { orderSettlement } from './settlement.js';

const artworksOf = async (app: App, user: TestUser) =>
  (
    await app.inject({ method: 'GET', url: apiPaths.artworks, headers: bearer(user.accessToken) })
  ).json<unknown[]>();

describeEachEngine('order money invariants', (ctx) => {
  let ids: Map<string, number[]>;
  const standard = (urlName: string) => {
    const found = ids.get(urlName)?.[0];
    if (found === undefined) throw new Error(`no test offer ${urlName}`);
    return found;
  };

  beforeAll(async () => {
    ids = await seedTestCatalog(ctx.database.db);
  });

  const runtimes: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(runtimes.splice(0).map((runtime) => runtime.stop()));
  });

  /** Another API process's payments service on the same database, with the orders' handlers. */
  async function anotherProcess() {
    const config = testConfig();
    const log = pino({ level: 'silent' });
    // Another process unwraps the same data key with the same JWT_SECRET.
    const keys = await loadServerKeys(ctx.database.db, config.jwtSecret ?? '', []);
    const mail = await startMailRuntime({
      config,
      database: ctx.database,
      secret: keys.data,
      log,
      runWorkers: false,
      hooks: {},
    });
    const storage = createFileStorage(config);
    const deliveries = await startDeliveryRuntime({
      config,
      database: ctx.database,
      storage,
      log,
      runWorkers: false,
    });
    runtimes.push(mail, deliveries);
    const payments = createPaymentsService({
      db: ctx.database.db,
      gateway: createSandboxGateway({ keys: sandboxKeys(config.jwtSecret ?? '') }),
      publicUrl: config.publicUrl,
      log,
    });
    payments.onSettled(
      'order',
      orderSettlement({
        db: ctx.database.db,
        config,
        payments,
        giftCardKeys: giftCardKeys(keys.data),
        storage,
        deliveries: deliveries.queue,
        outbox: mail.outbox,
        log,
      }),
    );
    return payments;
  }

  it('pays exactly one of 50 simultaneous 10.00 orders from a 10.00 balance', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 1_000, 'USD');
    // A 10.00 USD gift card: a picture, once paid, is owned and could not be ordered again.
    const body = orderRequest([], { currency: 'USD', giftCardAmount: 1_000, payByBalance: true });

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => postOrder(app, user, body)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const links = responses.map((response) => response.json<{ paymentLink: string }>().paymentLink);
    expect(links.filter((link) => link.includes(`?${PAYMENT_RESULT_ORDER_QUERY}=`))).toHaveLength(
      1,
    );
    const orders = await ordersOf(app, user);
    expect(orders.filter((order) => order.status === 'paid')).toHaveLength(1);
    // The others found the balance spent and went to the payment link for the whole amount.
    expect(
      orders.filter((order) => order.status === 'pending' && order.paidByPayment === 1_000),
    ).toHaveLength(49);
    expect(await balanceOf(app, user, 'USD')).toBe(0);
    expect(await ledgerCheck(ctx.database.db, user, 'USD')).toEqual({
      balance: 0,
      entriesSum: 0,
      lowestBalanceAfter: 0,
      kinds: ['deposit', 'order'],
    });
  });

  it('delivers a paid order once: paid, its variants granted, a replayed webhook changes nothing', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await placeOrder(app, user, orderRequest([standard('red-fox'), standard('night-owl')]));
    const [pending] = await ordersOf(app, user);

    const payment = await settleOrder(app, ctx.database.db, pending?.id ?? 0, 'succeeded');
    const replay = await deliverWebhook(app, {
      type: 'succeeded',
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
    });

    expect(replay.statusCode).toBe(200);
    const [paid] = await ordersOf(app, user);
    expect(paid).toMatchObject({ status: 'paid', paymentLink: null, expiresAt: null });
    expect(await artworksOf(app, user)).toHaveLength(2);
  });

  it('gives the balance part back once when the payment fails', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 300, 'EUR');
    await placeOrder(
      app,
      user,
      orderRequest([standard('red-fox'), standard('neon-comet')], { payByBalance: true }),
    );
    const [pending] = await ordersOf(app, user);
    expect(await balanceOf(app, user, 'EUR')).toBe(0);

    const payment = await paymentOfOrder(ctx.database.db, pending?.id ?? 0);
    const event = {
      id: newEventId(),
      type: 'failed' as const,
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
    };
    await deliverWebhook(app, event);
    await deliverWebhook(app, event);
    await deliverWebhook(app, { ...event, id: newEventId() });
    await deliverWebhook(app, { ...event, id: newEventId(), type: 'expired' });

    const [failed] = await ordersOf(app, user);
    expect(failed).toMatchObject({ status: 'failed', paidByBalance: 300, paymentLink: null });
    expect(await ledgerCheck(ctx.database.db, user, 'EUR')).toEqual({
      balance: 300,
      entriesSum: 300,
      lowestBalanceAfter: 0,
      kinds: ['deposit', 'order', 'refund'],
    });
    expect(await artworksOf(app, user)).toEqual([]);
  });

  it('expires an unpaid order with the sweep after its window, gives the balance back once, and ignores a late success', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 200, 'EUR');
    const placedAt = Date.now();
    await placeOrder(app, user, orderRequest([standard('red-fox')], { payByBalance: true }));
    const [pending] = await ordersOf(app, user);
    const sweeps = await Promise.all([anotherProcess(), anotherProcess()]);

    const early = await sweeps[0]?.expireOverdue(new Date(placedAt + ORDER_PAYMENT_WINDOW_MS));
    expect(early).toBe(0);
    const overdue = new Date(placedAt + ORDER_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000);
    await Promise.all(sweeps.map((sweep) => sweep.expireOverdue(overdue)));
    await sweeps[0]?.expireOverdue(overdue);
    const late = await settleOrder(app, ctx.database.db, pending?.id ?? 0, 'succeeded');

    expect(late.status).toBe('expired');
    const [expired] = await ordersOf(app, user);
    expect(expired).toMatchObject({ status: 'expired', paidByBalance: 200, expiresAt: null });
    expect(await ledgerCheck(ctx.database.db, user, 'EUR')).toEqual({
      balance: 200,
      entriesSum: 200,
      lowestBalanceAfter: 0,
      kinds: ['deposit', 'order', 'refund'],
    });
    expect(await artworksOf(app, user)).toEqual([]);
  });

  it('pays nothing for a webhook whose currency or amount differs from the payment', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await placeOrder(app, user, orderRequest([standard('blue-whale')], { currency: 'EUR' }));
    const [pending] = await ordersOf(app, user);
    const payment = await paymentOfOrder(ctx.database.db, pending?.id ?? 0);

    const switched = await deliverWebhook(app, {
      type: 'succeeded',
      paymentId: payment.id,
      amount: payment.amount,
      currency: 'USD',
    });
    const cheaper = await deliverWebhook(app, {
      type: 'succeeded',
      paymentId: payment.id,
      amount: 1,
      currency: 'EUR',
    });

    expect([switched.statusCode, cheaper.statusCode]).toEqual([200, 200]);
    const [order] = await ordersOf(app, user);
    expect(order).toMatchObject({ status: 'pending', total: 1_500 });
    expect(await artworksOf(app, user)).toEqual([]);
  });
});
