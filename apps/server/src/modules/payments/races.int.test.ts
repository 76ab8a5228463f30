// Money races on PostgreSQL with forced interleavings (docs/product/money.md#balances): the
// webhook's success against the expiry sweep, and "pay again" against a late webhook. One side is
// held inside its transaction (or behind a row lock the test holds) until the other is seen waiting
// for the lock; then both finish. Every balance must equal the sum of its entries, and no payment
// may be both settled as a sale and refunded.
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../infra/db/index.js';
import { createSandboxGateway } from '../../infra/payments/index.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { describeEachEngine, signUp, testConfig } from '../../test/index.js';
import {
  deliverWebhook,
  orderRequest,
  ordersOf,
  payAgain,
  paymentOfOrder,
  placeOrder,
  settleOrder,
} from '../../test/orders.js';
import {
  ledgerSums,
  signedSandboxWebhook,
  startDeposit,
  testSandboxKeys,
  userIdOf,
} from '../../test/payments.js';
import { orders } from '../orders/index.js';
import { DEPOSIT_PAYMENT_WINDOW_MS, depositSettlement } from '../wallet/index.js';
import { createPaymentsService, EXPIRY_GRACE_MS, payments, type PaymentRow } from './index.js';

/** A promise the test resolves when it wants the held side to go on. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Resolves once `count` sessions of this database wait for a lock (observed, not guessed). */
async function lockWaiters(db: Db, count: number): Promise<void> {
  for (;;) {
    const result = await db.execute(sql`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    if (Number((result.rows[0] as { waiting: number }).waiting) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Money is conserved: each balance is its entries' sum, and no payment is both a sale and refunded. */
async function expectMoneyConserved(db: Db, userId: string): Promise<void> {
  for (const sum of await ledgerSums(db, [userId])) {
    expect(sum.balance).toBe(sum.entriesSum);
    expect(sum.lastBalanceAfter).toBe(sum.balance);
  }
  const rows = await db.select().from(payments).where(eq(payments.userId, userId));
  for (const row of rows) {
    expect(row.status === 'succeeded' && row.refundedAt !== null).toBe(false);
  }
}

describeEachEngine('payment races', (ctx) => {
  /**
   * Another API process's payments service whose deposit handlers wait at `held` (inside the
   * settling transaction, the payment row locked) when given one.
   */
  function process(held?: { opened: Promise<void>; entered: () => void }) {
    const service = createPaymentsService({
      db: ctx.database.db,
      gateway: createSandboxGateway({ keys: testSandboxKeys() }),
      publicUrl: testConfig().publicUrl,
      log: pino({ level: 'silent' }),
    });
    const hold = async () => {
      held?.entered();
      await held?.opened;
    };
    service.onSettled('deposit', {
      async succeeded(tx, payment: PaymentRow) {
        await hold();
        return depositSettlement.succeeded(tx, payment);
      },
      async failed(tx, payment, status) {
        await hold();
        await depositSettlement.failed(tx, payment, status);
      },
    });
    return service;
  }

  const webhookOf = (deposit: Awaited<ReturnType<typeof startDeposit>>) => {
    const { body, headers } = signedSandboxWebhook({ type: 'succeeded', ...deposit });
    return { rawBody: Buffer.from(body), headers };
  };

  it.runIf(ctx.engine === 'postgres')(
    'sweep first, webhook success waiting: the payment expires, the success is late and refunded',
    async () => {
      const app = await ctx.buildApp();
      const user = await signUp(app);
      const started = Date.now();
      const deposit = await startDeposit(app, user, 1_200, 'EUR');
      const sweepHeld = gate();
      const sweepEntered = gate();
      const sweeper = process({ opened: sweepHeld.opened, entered: sweepEntered.open });
      const receiver = process();
      const overdue = new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000);

      const sweeping = sweeper.expireOverdue(overdue);
      await sweepEntered.opened;
      const receiving = receiver.handleWebhook(webhookOf(deposit));
      await lockWaiters(ctx.database.db, 1);
      sweepHeld.open();
      const [swept, accepted] = await Promise.all([sweeping, receiving]);

      expect(swept).toBe(1);
      expect(accepted).toBe(true);
      const [payment] = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, deposit.paymentId));
      expect(payment).toMatchObject({ status: 'late', refundedAmount: 1_200 });
      expect(payment?.refundedAt).not.toBeNull();
      expect(await ledgerSums(ctx.database.db, [userIdOf(user)])).toEqual([]);
      await expectMoneyConserved(ctx.database.db, userIdOf(user));
    },
  );

  it.runIf(ctx.engine === 'postgres')(
    'webhook success first, sweep waiting: credited once, the sweep leaves it, nothing refunded',
    async () => {
      const app = await ctx.buildApp();
      const user = await signUp(app);
      const started = Date.now();
      const deposit = await startDeposit(app, user, 1_300, 'EUR');
      const webhookHeld = gate();
      const webhookEntered = gate();
      const receiver = process({ opened: webhookHeld.opened, entered: webhookEntered.open });
      const sweeper = process();
      const overdue = new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000);

      const receiving = receiver.handleWebhook(webhookOf(deposit));
      await webhookEntered.opened;
      const sweeping = sweeper.expireOverdue(overdue);
      await lockWaiters(ctx.database.db, 1);
      webhookHeld.open();
      const [accepted, swept] = await Promise.all([receiving, sweeping]);

      expect(accepted).toBe(true);
      expect(swept).toBe(0);
      const [payment] = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, deposit.paymentId));
      expect(payment).toMatchObject({ status: 'succeeded', refundedAmount: 0, refundedAt: null });
      const [sum] = await ledgerSums(ctx.database.db, [userIdOf(user)]);
      expect(sum).toMatchObject({ balance: 1_300, entries: 1 });
      await expectMoneyConserved(ctx.database.db, userIdOf(user));
    },
  );

  /** A failed order of Red Fox (5.00 EUR, all by card); answers it and its failed payment. */
  let fox = 0;
  beforeAll(async () => {
    fox = (await seedTestCatalog(ctx.database.db)).get('red-fox')?.[0] ?? 0;
  });

  async function failedOrder() {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await placeOrder(app, user, orderRequest([fox]));
    const [order] = await ordersOf(app, user);
    const orderId = order?.id ?? 0;
    const failed = await settleOrder(app, ctx.database.db, orderId, 'failed');
    const lateSuccess = () =>
      deliverWebhook(app, {
        type: 'succeeded',
        paymentId: failed.id,
        amount: failed.amount,
        currency: failed.currency,
      });
    return { app, user, orderId, failed, lateSuccess };
  }

  /** Holds `rows` locked in a transaction of the test's until `held` opens. */
  function holdLocked(lock: (tx: Db) => Promise<unknown>, held: Promise<void>) {
    const locked = gate();
    const done = ctx.database.db.transaction(async (tx) => {
      await lock(tx);
      locked.open();
      await held;
    });
    return { locked: locked.opened, done };
  }

  it.runIf(ctx.engine === 'postgres')(
    'pay again while a late success for the failed payment waits: refunded, and the new payment sells once',
    async () => {
      const { app, user, orderId, failed, lateSuccess } = await failedOrder();
      const release = gate();
      const holder = holdLocked(
        (tx) => tx.select().from(payments).where(eq(payments.id, failed.id)).for('update'),
        release.opened,
      );
      await holder.locked;

      const late = lateSuccess();
      await lockWaiters(ctx.database.db, 1);
      const again = await payAgain(app, user, orderId);
      release.open();
      await holder.done;
      expect((await late).statusCode).toBe(200);
      expect(again.statusCode).toBe(200);

      await settleOrder(app, ctx.database.db, orderId, 'succeeded');
      const [order] = await ordersOf(app, user);
      expect(order?.status).toBe('paid');
      const [first] = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, failed.id));
      expect(first).toMatchObject({ status: 'late', refundedAmount: 500 });
      expect((await paymentOfOrder(ctx.database.db, orderId)).status).toBe('succeeded');
      await expectMoneyConserved(ctx.database.db, userIdOf(user));
    },
  );

  it.runIf(ctx.engine === 'postgres')(
    'a late success while pay again waits for the order: refunded, and pay again still renews the order',
    async () => {
      const { app, user, orderId, failed, lateSuccess } = await failedOrder();
      const release = gate();
      const holder = holdLocked(
        (tx) => tx.select().from(orders).where(eq(orders.id, orderId)).for('update'),
        release.opened,
      );
      await holder.locked;

      const again = payAgain(app, user, orderId);
      await lockWaiters(ctx.database.db, 1);
      const late = await lateSuccess();
      release.open();
      await holder.done;
      expect(late.statusCode).toBe(200);
      expect((await again).statusCode).toBe(200);

      const [first] = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, failed.id));
      expect(first).toMatchObject({ status: 'late', refundedAmount: 500 });
      const renewed = await paymentOfOrder(ctx.database.db, orderId);
      expect(renewed.id).not.toBe(failed.id);
      expect(renewed.status).toBe('pending');
      expect((await ordersOf(app, user))[0]?.status).toBe('pending');
      await expectMoneyConserved(ctx.database.db, userIdOf(user));
    },
  );
});
