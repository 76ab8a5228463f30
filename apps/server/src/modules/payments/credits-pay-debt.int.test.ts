// Credits given back while the customer owes money in that currency pay what is owed first, by one
// rule (ledger `creditBalance`): an order's balance part given back, an order refunded to the
// balance from the back office, a generation's hold released, as deposits and gift cards already
// did. Without it the balance and the debt stood side by side. Each debt here comes from a deposit
// the payer's bank disputed after it was partly spent.
import { afterEach, expect, it } from 'vitest';
import {
  adminApiPathTo,
  apiPaths,
  BalanceDebtListSchema,
  GenerationAcceptedSchema,
  LedgerHistorySchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  GatedGenerator,
  ONE_STANDARD_EUR,
  submitGeneration,
  waitForJob,
} from '../../test/generation.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import { openLockHolder } from '../../test/lock-holder.js';
import { orderRequest, ordersOf, placeOrder, settleOrder } from '../../test/orders.js';
import {
  balanceOfUser,
  deliverSandboxDispute,
  fundBalance,
  ledgerSums,
  userIdOf,
} from '../../test/payments.js';

describeEachEngine('credits given back while a debt is owed pay it first', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));
  let seeded: Awaited<ReturnType<typeof seedTestCatalog>> | undefined;
  const catalogOnce = async () => (seeded ??= await seedTestCatalog(ctx.database.db));

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
  const withdraw = (app: App, paymentId: string, amount: number) =>
    deliverSandboxDispute(app, {
      kind: 'funds_withdrawn',
      paymentId,
      amount,
      currency: 'EUR',
    });
  const kindsOf = async (app: App, user: TestUser) =>
    LedgerHistorySchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `${apiPaths.balanceHistory}?Currency=EUR`,
          headers: bearer(user.accessToken),
        })
      ).json(),
    ).entries.map((entry) => [entry.kind, entry.amount]);
  const ledgerAddsUp = async (user: TestUser) => {
    const [sum] = await ledgerSums(ctx.database.db, [userIdOf(user)]);
    expect(sum?.entriesSum).toBe(sum?.balance);
  };

  it('an order’s balance part given back pays the debt', async () => {
    const app = await ctx.buildApp();
    const catalog = await catalogOnce();
    const fox = catalog.get('red-fox')?.[0] ?? 0; // EUR 5.00
    const owl = catalog.get('night-owl')?.[0] ?? 0; // EUR 9.00
    const user = await signUp(app);
    const deposit = await fundBalance(app, user, 1_000, 'EUR');
    // 10.00 of the balance pays part of 14.00; the rest waits for the card.
    await placeOrder(app, user, orderRequest([fox, owl], { payByBalance: true }));
    const [order] = await ordersOf(app, user);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    await withdraw(app, deposit, 1_000);
    expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: 1_000 }]);

    await settleOrder(app, ctx.database.db, order?.id ?? 0, 'failed');

    expect(await debtsOf(app, user)).toEqual([]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    expect((await kindsOf(app, user)).slice(0, 2)).toEqual([
      ['debtPayment', -1_000],
      ['refund', 1_000],
    ]);
    await ledgerAddsUp(user);
  });

  it('an order refunded to the balance from the back office pays the debt, the rest is spendable', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const catalog = await catalogOnce();
    const fox = catalog.get('red-fox')?.[0] ?? 0; // EUR 5.00
    const owl = catalog.get('night-owl')?.[0] ?? 0; // EUR 9.00
    const user = await signUp(app);
    const deposit = await fundBalance(app, user, 1_000, 'EUR');
    await placeOrder(app, user, orderRequest([fox], { payByBalance: true }));
    await placeOrder(app, user, orderRequest([owl]));
    const [byCard] = await ordersOf(app, user);
    await settleOrder(app, ctx.database.db, byCard?.id ?? 0, 'succeeded');
    // 5.00 left of the deposit is taken back, 5.00 is owed.
    await withdraw(app, deposit, 1_000);
    expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: 500 }]);

    const refunded = await app.inject({
      method: 'POST',
      url: adminApiPathTo.orderRefund(byCard?.id ?? 0),
      headers: bearer(admin.accessToken),
      payload: {},
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    expect(await debtsOf(app, user)).toEqual([]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(400);
    await ledgerAddsUp(user);
  });

  // On PostgreSQL, a back-office refund to the balance and the bank taking the deposit back, both
  // queued at the user's balance row in either order, end the same: nothing owed, 4.00 spendable.
  for (const first of ['dispute', 'refund'] as const) {
    it.skipIf(ctx.engine === 'pglite')(
      `a refund to the balance racing a dispute of the deposit, ${first} first, leaves nothing owed`,
      async () => {
        const app = await ctx.buildApp({ env: { WORKER: '0' } });
        const admin = await signUpAdmin(app, ctx.database.db);
        const catalog = await catalogOnce();
        const fox = catalog.get('red-fox')?.[0] ?? 0; // EUR 5.00
        const owl = catalog.get('night-owl')?.[0] ?? 0; // EUR 9.00
        const user = await signUp(app);
        const deposit = await fundBalance(app, user, 1_000, 'EUR');
        await placeOrder(app, user, orderRequest([fox], { payByBalance: true }));
        await placeOrder(app, user, orderRequest([owl]));
        const [byCard] = await ordersOf(app, user);
        await settleOrder(app, ctx.database.db, byCard?.id ?? 0, 'succeeded');
        const refund = () =>
          app.inject({
            method: 'POST',
            url: adminApiPathTo.orderRefund(byCard?.id ?? 0),
            headers: bearer(admin.accessToken),
            payload: {},
          });
        const holder = await openLockHolder(ctx.database);
        try {
          await holder.query(
            `select 1 from balances where user_id = $1 and currency = 'EUR' for update`,
            [userIdOf(user)],
          );
          const one = first === 'dispute' ? withdraw(app, deposit, 1_000) : refund();
          await holder.waitForWaiters(1);
          const other = first === 'dispute' ? refund() : withdraw(app, deposit, 1_000);
          await holder.waitForWaiters(2);
          await holder.release();
          expect([(await one).statusCode, (await other).statusCode]).toEqual([200, 200]);
        } finally {
          await holder.close();
        }
        expect(await debtsOf(app, user)).toEqual([]);
        expect(await balanceOfUser(app, user, 'EUR')).toBe(400);
        await ledgerAddsUp(user);
      },
    );
  }

  it('a generation’s hold released pays the debt', async () => {
    const generator = new GatedGenerator(); // never paints: the attempt runs out of time
    const app = await ctx.buildApp({
      generation: fastTuning({ generator, retryLimit: 0, attemptTimeoutSeconds: 2 }),
    });
    const user = await signUp(app);
    const deposit = await fundBalance(app, user, 1_000, 'EUR');
    const submitted = await submitGeneration(app, user);
    const { id } = GenerationAcceptedSchema.parse(submitted.json());
    await generator.started;
    // The bank takes the whole deposit back while the price is held.
    await withdraw(app, deposit, 1_000);
    expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: ONE_STANDARD_EUR }]);

    expect((await waitForJob(app, user, id)).status).toBe('failed');

    expect(await debtsOf(app, user)).toEqual([]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    await ledgerAddsUp(user);
  });
});
