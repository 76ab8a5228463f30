// Settlements that grant the same artworks at the same time, without deadlocks: 20 payments of
// one user's orders, whose items overlap in different cart orders, settle at once. On PostgreSQL a
// test-only trigger holds every settling transaction after the first artwork it inserted until all
// connections are busy settling, so each waits for the others exactly where an insert order that
// follows the cart would close a cycle.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import type { Db } from '../../infra/db/index.js';
import { POOL_SIZE } from '../../infra/db/index.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import {
  deliverWebhook,
  orderRequest,
  ordersOf,
  paymentOfOrder,
  placeOrder,
  userIdOf,
} from '../../test/orders.js';
import { orders, purchasedArtworks } from './schema.js';

const SETTLEMENTS = 20;
const BARRIER_LOCK = 0x5e771e; // "settle": the test's own advisory lock

const artworksOf = async (app: App, user: TestUser) =>
  (
    await app.inject({ method: 'GET', url: apiPaths.artworks, headers: bearer(user.accessToken) })
  ).json<{ offerAttributeId: number }[]>();

/**
 * Makes every transaction that inserts more than one artwork wait, before its second one, for the
 * advisory lock the test holds (BEFORE triggers fire row by row, after the previous row's index
 * entry is in). Only in this test's own database.
 */
async function installSecondRowBarrier(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`
      create function test_second_row_barrier() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('test_barrier.rows', true), '') = '' then
          perform set_config('test_barrier.rows', 'one', true);
        elsif current_setting('test_barrier.rows', true) = 'one' then
          perform set_config('test_barrier.rows', 'more', true);
          perform pg_advisory_xact_lock_shared(${BARRIER_LOCK});
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`
      create trigger test_second_row_barrier before insert on purchased_artworks
      for each row execute function test_second_row_barrier()`),
  );
}

async function setStatusOfUsersOrders(
  db: Db,
  user: TestUser,
  status: 'pending' | 'failed',
): Promise<void> {
  await db
    .update(orders)
    .set({ status })
    .where(eq(orders.userId, userIdOf(user)));
}

describeEachEngine('concurrent order settlements', (ctx) => {
  let variants: number[];

  beforeAll(async () => {
    const ids = await seedTestCatalog(ctx.database.db);
    variants = ['red-fox', 'night-owl', 'blue-whale', 'neon-comet', 'quiet-nebula'].flatMap(
      (urlName) => ids.get(urlName) ?? [],
    );
  });

  it('settles 20 orders with overlapping items at once without a deadlock, granting each artwork once', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    // Each order holds every variant, the cart starting at another one: any two orders meet
    // their shared artworks in different orders. Placing refuses a variant that waits in a
    // pending order, so each order is set aside while the next is placed, and all 20 are pending
    // again before they settle: the rows that orders placed before that rule could have left.
    for (let i = 0; i < SETTLEMENTS; i++) {
      const start = i % variants.length;
      await placeOrder(
        app,
        user,
        orderRequest([...variants.slice(start), ...variants.slice(0, start)]),
      );
      await setStatusOfUsersOrders(ctx.database.db, user, 'failed');
    }
    await setStatusOfUsersOrders(ctx.database.db, user, 'pending');
    const payments = await Promise.all(
      (await ordersOf(app, user)).map((order) => paymentOfOrder(ctx.database.db, order.id)),
    );
    const settleAll = () =>
      Promise.all(
        payments.map((payment) =>
          deliverWebhook(app, {
            type: 'succeeded',
            paymentId: payment.id,
            amount: payment.amount,
            currency: payment.currency,
          }),
        ),
      );

    let responses: Awaited<ReturnType<typeof settleAll>>;
    if (ctx.database.kind === 'postgres') {
      await installSecondRowBarrier(ctx.database.db);
      const holder = new pg.Client({
        connectionString: ctx.database.client.options.connectionString,
      });
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [BARRIER_LOCK]);
        const settling = settleAll();
        // Every connection of the pool is in a settlement that waits: at the barrier, or on
        // another settlement's uncommitted artwork.
        await expect
          .poll(
            async () => {
              const { rows } = await holder.query<{ waiting: number }>(
                `select count(*)::int as waiting from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'
                   and query ilike 'insert into "purchased_artworks"%'`,
              );
              return rows[0]?.waiting;
            },
            { timeout: 30_000, interval: 50 },
          )
          .toBe(Math.min(SETTLEMENTS, POOL_SIZE));
        await holder.query('select pg_advisory_unlock($1)', [BARRIER_LOCK]);
        responses = await settling;
      } finally {
        await holder.end();
      }
    } else {
      responses = await settleAll();
    }

    // A deadlock victim's webhook fails (the provider would retry it); none may.
    expect(responses.map((response) => response.statusCode)).toEqual(Array(SETTLEMENTS).fill(200));
    const settled = await ordersOf(app, user);
    expect(settled.map((order) => order.status)).toEqual(Array(SETTLEMENTS).fill('paid'));
    const granted = await artworksOf(app, user);
    expect(granted.map((artwork) => artwork.offerAttributeId).sort((a, b) => a - b)).toEqual(
      [...variants].sort((a, b) => a - b),
    );
    const rows = await ctx.database.db
      .select({ id: purchasedArtworks.id })
      .from(purchasedArtworks)
      .where(eq(purchasedArtworks.userId, userIdOf(user)));
    expect(rows).toHaveLength(variants.length);
  });
});
