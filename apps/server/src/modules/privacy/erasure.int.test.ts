// Erasure as the other customers see it: deleting one account changes no row of anyone else's,
// even when its address is a substring of theirs, and the records the law keeps stay as issued
// until their retention period is over.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import type { Db } from '../../infra/db/index.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  signUp,
  until,
  type TestUser,
} from '../../test/index.js';
import { fastTuning } from '../../test/generation.js';
import { creditBalance, orderRequest, placeOrder } from '../../test/orders.js';
import { userIdOf } from '../../test/payments.js';
import { userWithEverything } from '../../test/privacy.js';
import { eraseRecordsPastRetention } from './retention.js';

const deleteAccount = (app: App, user: TestUser) =>
  app.inject({
    method: 'POST',
    url: apiPaths.privacyAccountDeletion,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    payload: { password: user.password },
  });

const login = (app: App, user: TestUser) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsLogin,
    remoteAddress: randomIp(),
    payload: { email: user.email, password: user.password },
  });

/** Every row of every table of the app's schema, as JSON text, `table: row`. */
async function everyRow(db: Db): Promise<string[]> {
  const tables = await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const rows: string[] = [];
  for (const { name } of tables.rows) {
    const result = await db.execute<{ row: string }>(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t`,
    );
    rows.push(...result.rows.map(({ row }) => `${name}: ${row}`));
  }
  return rows;
}

/** The rows of `before` that are not in `after` (changed or gone), counting duplicates. */
function changedRows(before: readonly string[], after: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const row of after) left.set(row, (left.get(row) ?? 0) + 1);
  return before.filter((row) => {
    const count = left.get(row) ?? 0;
    if (count === 0) return true;
    left.set(row, count - 1);
    return false;
  });
}

async function sendTicket(app: App, user: TestUser): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.supportCreateTicket,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    payload: {
      email: user.email,
      name: 'Eve',
      supportTicketType: 'Other',
      description: 'Where is my order?',
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ ticketNumber: string }>().ticketNumber;
}

describeEachEngine('erasure', (ctx) => {
  it('deleting e<x>@example.co leaves alice<x>@example.com, her receipts, tickets and mails as they were', async () => {
    const app = await ctx.buildApp({ generation: fastTuning() });
    const db = ctx.database.db;
    const x = randomBytes(4).toString('hex');
    const alice = await userWithEverything(app, db, `alice${x}@example.com`);
    // The attacker's address is inside Alice's: "alic[ex@example.co]m".
    const eve = await signUp(app, { email: `e${x}@example.co` });
    expect(alice.details.email).toContain(eve.email);
    await creditBalance(db, eve, 1_000, 'EUR');
    await placeOrder(app, eve, orderRequest([], { payByBalance: true, giftCardAmount: 500 }));
    const eveTicket = await sendTicket(app, eve);

    const aliceReceipts = sql`select count(*)::int as count from receipts where buyer->>'email' = ${alice.details.email}`;
    const receiptsBefore = await db.execute(aliceReceipts);
    expect(receiptsBefore.rows).not.toEqual([{ count: 0 }]);
    const eveId = userIdOf(eve);
    const sessions = await db.execute<{ id: string }>(
      sql`select id from refresh_token_families where user_id = ${eveId}`,
    );
    const eves = [eveId, `"${eve.email}"`, eveTicket, ...sessions.rows.map((row) => row.id)];
    // The job worker sends queued mails in the background; a mail sent between the two snapshots
    // would be a change the deletion did not make, so the snapshot waits for the outbox to settle.
    await until('the outbox has sent every queued mail', async () => {
      const queued = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from mail_outbox where status = 'queued'`,
      );
      return queued.rows[0]?.count === 0 ? true : undefined;
    });
    const before = await everyRow(db);

    expect((await deleteAccount(app, eve)).statusCode).toBe(200);

    // Every row the deletion changed or removed was Eve's: her id, address, ticket or session.
    const changed = changedRows(before, await everyRow(db));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.filter((row) => !eves.some((mark) => row.includes(mark)))).toEqual([]);
    expect((await login(app, alice.user)).statusCode).toBe(200);
    expect((await db.execute(aliceReceipts)).rows).toEqual(receiptsBefore.rows);
  }, 120_000);

  it('keeps the receipts and the orders’ billing evidence as issued until the retention period is over', async () => {
    const app = await ctx.buildApp({ generation: fastTuning() });
    const db = ctx.database.db;
    const { user, userId, details } = await userWithEverything(app, db);
    const evidence = sql`
      select 'receipt' as kind, number::text as id, buyer::text as value from receipts where user_id = ${userId}
      union all
      select 'order', id::text, concat_ws('|', first_name, last_name, country, city, address1, state, zip_code)
      from orders where user_id = ${userId}
      order by 1, 2`;
    const issued = await db.execute<{ kind: string; id: string; value: string }>(evidence);
    expect(issued.rows.filter((row) => row.kind === 'receipt')).toHaveLength(3);

    expect((await deleteAccount(app, user)).statusCode).toBe(200);
    expect((await db.execute(evidence)).rows).toEqual(issued.rows);

    // Ten full years after the end of this year, the law no longer asks for them (10 by default).
    const thisYear = new Date().getUTCFullYear();
    const lastDay = new Date(Date.UTC(thisYear + 10, 11, 31, 23, 59));
    await eraseRecordsPastRetention(db, 10, lastDay);
    expect((await db.execute(evidence)).rows).toEqual(issued.rows);

    const expired = new Date(Date.UTC(thisYear + 11, 0, 1));
    const erased = await eraseRecordsPastRetention(db, 10, expired);
    expect(erased.receipts).toBeGreaterThanOrEqual(3);
    expect(erased.orders).toBeGreaterThanOrEqual(2);
    const after = await db.execute<{ kind: string; value: string }>(evidence);
    for (const row of after.rows) {
      for (const detail of Object.values(details)) expect(row.value).not.toContain(detail);
    }
    expect(await eraseRecordsPastRetention(db, 10, expired)).toEqual({
      receipts: 0,
      creditNotes: 0,
      orders: 0,
    });
  }, 120_000);

  it('deletes an account with 1,000 orders by its own rows (time printed)', async () => {
    const app = await ctx.buildApp();
    const db = ctx.database.db;
    const user = await signUp(app);
    await creditBalance(db, user, 100_000, 'EUR');
    await placeOrder(app, user, orderRequest([], { payByBalance: true, giftCardAmount: 500 }));
    const userId = userIdOf(user);
    await db.execute(sql`
      insert into orders (user_id, status, currency, total, gift_card_amount, paid_by_balance,
        paid_by_payment, first_name, last_name, country, city, address1, state, zip_code,
        javascript_enabled, accept_language, screen_width, screen_height, time_zone, user_agent,
        created_at, paid_at)
      select user_id, status, currency, total, gift_card_amount, paid_by_balance, paid_by_payment,
        first_name, last_name, country, city, address1, state, zip_code, javascript_enabled,
        accept_language, screen_width, screen_height, time_zone, user_agent, created_at, paid_at
      from orders, generate_series(1, 999) where user_id = ${userId}`);
    const count = await db.execute(
      sql`select count(*)::int as count from orders where user_id = ${userId}`,
    );
    expect(count.rows).toEqual([{ count: 1_000 }]);

    const started = performance.now();
    expect((await deleteAccount(app, user)).statusCode).toBe(200);
    const ms = Math.round(performance.now() - started);
    // Measured on the shared 2-core machine: PostgreSQL 0.12 s, PGlite 0.09 s when quiet, 1.4 s
    // and 1.1 s at a load average of 30
    // (docs/decisions/accounts/erasure-touches-only-the-erased-account.md).
    console.info(`deleting an account with 1,000 orders on ${ctx.engine}: ${ms} ms`);
    expect(ms).toBeLessThan(10_000);
    const blanked = await db.execute(
      sql`select count(*)::int as count from orders where user_id = ${userId} and user_agent = ''`,
    );
    expect(blanked.rows).toEqual([{ count: 1_000 }]);
  });
});
