import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { expect, it } from 'vitest';
import { users } from '../../modules/accounts/index.js';
import { MIGRATIONS_DIR } from '../../paths.js';
import { describeEachEngine } from '../../test/index.js';
import { migrate } from './migrate.js';

interface ColumnRow extends Record<string, unknown> {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

describeEachEngine('migrations', (ctx) => {
  it('create the users table as the accounts schema describes it', async () => {
    const result = await ctx.database.db.execute<ColumnRow>(sql`
      select column_name, data_type, is_nullable from information_schema.columns
      where table_schema = 'public' and table_name = 'users' order by ordinal_position`);

    // arrayContaining: later migrations may add columns.
    const columns = result.rows.map((row) => [row.column_name, row.data_type, row.is_nullable]);
    expect(columns).toEqual(
      expect.arrayContaining([
        ['id', 'uuid', 'NO'],
        ['email', 'text', 'NO'],
        ['password_hash', 'text', 'NO'],
        ['first_name', 'text', 'YES'],
        ['last_name', 'text', 'YES'],
        ['country', 'text', 'YES'],
        ['city', 'text', 'YES'],
        ['address1', 'text', 'YES'],
        ['state', 'text', 'YES'],
        ['zip_code', 'text', 'YES'],
        ['currency', 'text', 'NO'],
        ['locale', 'text', 'NO'],
        ['created_at', 'timestamp with time zone', 'NO'],
        ['updated_at', 'timestamp with time zone', 'NO'],
      ]),
    );
  });

  it('give a new user an id, EUR, en and timestamps', async () => {
    const [user] = await ctx.database.db
      .insert(users)
      .values({ email: 'ana@example.com', passwordHash: 'x' })
      .returning();

    expect(user).toMatchObject({ email: 'ana@example.com', currency: 'EUR', locale: 'en' });
    expect(user?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user?.createdAt).toBeInstanceOf(Date);
  });

  it('refuse a second account with the same email and a currency other than EUR or USD', async () => {
    const { db } = ctx.database;
    await db.insert(users).values({ email: 'ben@example.com', passwordHash: 'x' });

    await expect(
      db.insert(users).values({ email: 'ben@example.com', passwordHash: 'y' }),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into users (email, password_hash, currency) values ('cy@example.com', 'x', 'GBP')`,
      ),
    ).rejects.toThrow();
  });

  it('apply each migration once however often they run (they run at every start)', async () => {
    await migrate(ctx.database);
    await migrate(ctx.database);

    const result = await ctx.database.db.execute<{ count: number } & Record<string, unknown>>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(result.rows[0]?.count).toBe(
      readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length,
    );
  });
});
