// Deleting an account: the person's data and pictures go, every session ends at once, the
// ledger, the orders and the receipts stay under a pseudonym (receipts and billing evidence as
// issued, for the retention period), and the address is free to sign up again.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  AccountDeletionPreviewSchema,
  apiPaths,
  GenerationAcceptedSchema,
  PRIVACY_MESSAGES,
  type AccountDeletionPreview,
} from '@pictura/contract';
import type { App } from '../../app.js';
import type { Db } from '../../infra/db/index.js';
import { createFileStorage } from '../../infra/storage/index.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  signUp,
  signUpAdmin,
  testConfig,
  type TestUser,
} from '../../test/index.js';
import { fastTuning, GatedGenerator, submitGeneration, waitForJob } from '../../test/generation.js';
import { creditBalance } from '../../test/orders.js';
import { ledgerSums } from '../../test/payments.js';
import { userWithEverything } from '../../test/privacy.js';
import { DELETION_POLICY } from './deletion-policy.js';

const deleteAccount = (app: App, user: TestUser, password: string) =>
  app.inject({
    method: 'POST',
    url: apiPaths.privacyAccountDeletion,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    payload: { password },
  });

async function preview(app: App, user: TestUser): Promise<AccountDeletionPreview> {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.privacyAccountDeletion,
    headers: bearer(user.accessToken),
  });
  return AccountDeletionPreviewSchema.parse(response.json());
}

/** Every `schema.table.column` of the database whose text holds `needle`, in any schema but the system's. */
async function columnsHolding(db: Db, needle: string): Promise<string[]> {
  const columns = await db.execute<{ schema: string; table: string; column: string }>(sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')`);
  const found: string[] = [];
  for (const { schema, table, column } of columns.rows) {
    const hits = await db.execute<{ hit: boolean }>(sql`
      select exists (
        select 1 from ${sql.identifier(schema)}.${sql.identifier(table)}
        where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0
      ) as hit`);
    if (hits.rows[0]?.hit) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

const refresh = (app: App, user: TestUser) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsRefresh,
    remoteAddress: randomIp(),
    payload: { refreshToken: user.refreshToken },
  });

describeEachEngine('account deletion', (ctx) => {
  it('removes the personal data and pictures, ends every session, keeps the ledger under a pseudonym, and frees the address', async () => {
    const app = await ctx.buildApp({ generation: fastTuning() });
    const db = ctx.database.db;
    const { user, userId, details } = await userWithEverything(app, db);
    // A second session of the same user, on another device.
    const login = await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogin,
      remoteAddress: randomIp(),
      payload: { email: details.email, password: user.password },
    });
    const otherDevice = { ...user, ...(login.json() as Pick<TestUser, 'refreshToken'>) };
    const pictures = await db.execute<{ storage_key: string; preview_key: string }>(
      sql`select p.storage_key, p.preview_key from generated_pictures p join generation_jobs j on j.id = p.job_id where j.user_id = ${userId}`,
    );
    expect(pictures.rows).toHaveLength(1);
    const ledgerBefore = await ledgerSums(db, [userId]);
    const entriesBefore = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from ledger_entries where user_id = ${userId}`,
    );
    // What the warning shows: the balance left, which is forfeited.
    expect(await preview(app, user)).toEqual({
      balances: [{ currency: 'EUR', amount: 10_000 + 1_000 + 1_000 - 400 - 1_000 - 199 }],
      allowed: true,
    });

    const wrong = await deleteAccount(app, user, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { password: PRIVACY_MESSAGES.wrongPassword } });

    const deleted = await deleteAccount(app, user, user.password);
    expect(deleted.statusCode).toBe(200);

    // Only the receipts and the orders' billing address, which the law keeps (erasure.int.test.ts).
    const kept: Record<keyof typeof details, string[]> = {
      email: ['public.receipts.buyer'],
      firstName: ['public.orders.first_name', 'public.receipts.buyer'],
      lastName: ['public.orders.last_name', 'public.receipts.buyer'],
      city: ['public.orders.city', 'public.receipts.buyer'],
      address1: ['public.orders.address1', 'public.receipts.buyer'],
    };
    for (const [name, needle] of Object.entries(details)) {
      expect((await columnsHolding(db, needle)).sort(), name).toEqual(
        kept[name as keyof typeof details],
      );
    }
    const profile = await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(user.accessToken),
    });
    expect(profile.statusCode).toBe(401);
    expect((await refresh(app, user)).statusCode).toBe(401);
    expect((await refresh(app, otherDevice)).statusCode).toBe(401);

    expect(await ledgerSums(db, [userId])).toEqual(ledgerBefore);
    const entriesAfter = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from ledger_entries where user_id = ${userId}`,
    );
    expect(entriesAfter.rows).toEqual(entriesBefore.rows);
    const orders = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from orders where user_id = ${userId}`,
    );
    expect(orders.rows).toEqual([{ count: 2 }]);
    const row = await db.execute<{ email: string; deleted: boolean }>(
      sql`select email, deleted_at is not null as deleted from users where id = ${userId}`,
    );
    expect(row.rows).toEqual([{ email: `deleted-${userId}@deleted.invalid`, deleted: true }]);

    const storage = createFileStorage(testConfig());
    for (const { storage_key: original, preview_key: previewKey } of pictures.rows) {
      expect(await storage.has(original)).toBe(false);
      expect(await storage.has(previewKey)).toBe(false);
    }

    const again = await signUp(app, { email: details.email });
    expect(again.accessToken).not.toBe('');
  }, 120_000);

  it('waits for pictures still being generated, then deletes them with the account', async () => {
    const generator = new GatedGenerator();
    const app = await ctx.buildApp({ generation: fastTuning({ generator }) });
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 1_000, 'EUR');
    const submitted = await submitGeneration(app, user);
    const jobId = GenerationAcceptedSchema.parse(submitted.json()).id;
    await generator.started;

    const refused = await deleteAccount(app, user, user.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { '': PRIVACY_MESSAGES.generationUnfinished } });
    expect((await refresh(app, user)).statusCode).toBe(200);

    generator.release();
    await waitForJob(app, user, jobId);
    expect((await deleteAccount(app, user, user.password)).statusCode).toBe(200);
    const pictures = await ctx.database.db.execute(
      sql`select 1 from generated_pictures where job_id = ${jobId}`,
    );
    expect(pictures.rows).toEqual([]);
  });

  it('refuses an administrator, who must first be made a customer', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    expect(await preview(app, admin)).toEqual({ balances: [], allowed: false });
    const refused = await deleteAccount(app, admin, admin.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { '': PRIVACY_MESSAGES.adminCannotDelete } });
  });

  it('has a rule for every column of the database that refers to a user', async () => {
    const references = await ctx.database.db.execute<{ key: string }>(sql`
      select con.conrelid::regclass::text || '.' || att.attname as key
      from pg_constraint con
      join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
      where con.contype = 'f' and con.confrelid = 'public.users'::regclass
      order by 1`);
    expect(references.rows.map((row) => row.key).sort()).toEqual(
      Object.keys(DELETION_POLICY).sort(),
    );
  });
});
