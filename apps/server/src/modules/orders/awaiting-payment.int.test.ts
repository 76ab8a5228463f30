// A download is bought once: a variant in one of the user's orders that waits for payment cannot
// be ordered again, nor can a failed order of it be paid again, until that order is paid (then
// the variant is owned) or has failed or expired. Otherwise both orders could be paid, charging
// twice for one grant. Two orders placed at the same moment take turns (PostgreSQL, forced).
import { beforeAll, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@pictura/contract';
import { seedTestCatalog } from '../../test/catalog.js';
import { describeEachEngine, signUp } from '../../test/index.js';
import { openLockHolder } from '../../test/lock-holder.js';
import {
  creditBalance,
  orderRequest,
  ordersOf,
  payAgain,
  placeOrder,
  postOrder,
  settleOrder,
  userIdOf,
} from '../../test/orders.js';

describeEachEngine('a variant awaiting payment', (ctx) => {
  let fox: number;
  let owl: number;
  beforeAll(async () => {
    const ids = await seedTestCatalog(ctx.database.db);
    fox = ids.get('red-fox')?.[0] ?? 0;
    owl = ids.get('night-owl')?.[0] ?? 0;
  });

  it('is refused in a second order with a field error, and accepted once the first failed', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await placeOrder(app, user, orderRequest([fox]));
    const [first] = await ordersOf(app, user);

    const second = await postOrder(app, user, orderRequest([owl, fox]));

    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      errors: { 'cartItems.1': ORDER_MESSAGES.itemAwaitingPayment },
    });
    expect(await ordersOf(app, user)).toHaveLength(1);

    await settleOrder(app, ctx.database.db, first?.id ?? 0, 'failed');
    expect((await postOrder(app, user, orderRequest([owl, fox]))).statusCode).toBe(200);
  });

  it('keeps a failed order from being paid again while its variant waits in another order', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await placeOrder(app, user, orderRequest([fox]));
    const [failed] = await ordersOf(app, user);
    await settleOrder(app, ctx.database.db, failed?.id ?? 0, 'failed');
    await placeOrder(app, user, orderRequest([fox]));
    const newer = (await ordersOf(app, user)).find((order) => order.id !== failed?.id);

    const again = await payAgain(app, user, failed?.id ?? 0);

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: { '': ORDER_MESSAGES.orderNotPayable } });
    // Once the newer order is paid the variant is owned: the failed one still cannot be paid.
    await settleOrder(app, ctx.database.db, newer?.id ?? 0, 'succeeded');
    expect((await payAgain(app, user, failed?.id ?? 0)).statusCode).toBe(409);
    const statuses = (await ordersOf(app, user)).map((order) => order.status).sort();
    expect(statuses).toEqual(['failed', 'paid']);
  });

  it.skipIf(ctx.engine === 'pglite')(
    'lets only one of two orders placed at the same moment through',
    async () => {
      const app = await ctx.buildApp();
      const user = await signUp(app);
      await creditBalance(ctx.database.db, user, 100, 'EUR');
      const holder = await openLockHolder(ctx.database);
      try {
        // The first order, paying 1.00 by balance, is written and then waits at the balance row.
        await holder.query('select 1 from balances where user_id = $1 for update', [
          userIdOf(user),
        ]);
        const first = postOrder(app, user, orderRequest([fox], { payByBalance: true }));
        await holder.waitForWaiters(1);
        // The second must not look for pending orders before the first has committed.
        const second = postOrder(app, user, orderRequest([fox]));
        await Promise.race([holder.waitForWaiters(2), second]);
        await holder.release();

        const codes = [(await first).statusCode, (await second).statusCode];
        expect(codes).toEqual([200, 400]);
        expect((await second).json()).toEqual({
          errors: { 'cartItems.0': ORDER_MESSAGES.itemAwaitingPayment },
        });
      } finally {
        await holder.close();
      }
      expect(await ordersOf(app, user)).toHaveLength(1);
    },
  );
});
