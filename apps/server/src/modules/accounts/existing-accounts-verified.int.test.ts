// Accounts made before addresses were verified keep paying: the migration that adds verification
// counts them verified since they were created (docs/decisions/accounts/README.md).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, type PgliteDatabase } from '../../infra/db/index.js';
import { MIGRATIONS_DIR } from '../../paths.js';

const VERIFICATION_MIGRATION = /_email_verification$/;

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder that stops before the one adding verification. */
async function migrationsBeforeVerification(folder: string): Promise<void> {
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const path = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(path, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => VERIFICATION_MIGRATION.test(entry.tag));
  if (at < 0) throw new Error('no email verification migration in the journal');
  journal.entries = journal.entries.slice(0, at);
  await writeFile(path, JSON.stringify(journal));
}

describe('accounts from before email verification [pglite]', () => {
  let folder: string;
  let database: PgliteDatabase;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pictura-migrations-'));
    await migrationsBeforeVerification(folder);
    database = await openPglite({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('are verified since they were created once the migration runs; new ones are not', async () => {
    await migrate(database, folder);
    await database.db.execute(sql`
      insert into users (email, password_hash, created_at)
      values ('old@example.com', 'x', '2026-01-02T03:04:05Z')`);

    await migrate(database);
    await database.db.execute(
      sql`insert into users (email, password_hash) values ('new@example.com', 'x')`,
    );

    const rows = await database.db.execute<{ email: string; verified: string | null }>(sql`
      select email, to_char(email_verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as verified
      from users order by email`);
    expect(rows.rows).toEqual([
      { email: 'new@example.com', verified: null },
      { email: 'old@example.com', verified: '2026-01-02T03:04:05' },
    ]);
  });
});
