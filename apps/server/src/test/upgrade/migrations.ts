// Databases as an older release left them: migrated only up to one of the committed migrations.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { z } from 'zod';
import { migrate, openPglite, openPostgres, type Database } from '../../infra/db/index.js';
import { MIGRATIONS_DIR } from '../../paths.js';
import type { Engine, TestDatabase } from '../database.js';
import { adminQuery, assertSafeName, createDatabase, withDatabaseName } from '../postgres-admin.js';

const JournalSchema = z.looseObject({
  entries: z.array(z.looseObject({ idx: z.number(), tag: z.string(), when: z.number() })),
});
type Journal = z.infer<typeof JournalSchema>;

/** drizzle-kit's list of the migrations in `folder`, oldest first: what the migrator applies. */
export async function readJournal(folder: string = MIGRATIONS_DIR): Promise<Journal> {
  return JournalSchema.parse(
    JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')),
  );
}

/**
 * Applies the first `count` committed migrations only. The migrator applies every migration its
 * journal lists, so it is given a copy of the folder whose journal stops there.
 */
export async function migrateFirst(database: Database, count: number): Promise<void> {
  const journal = await readJournal();
  const entries = journal.entries.slice(0, count);
  if (entries.length !== count)
    throw new Error(`there are only ${journal.entries.length} migrations`);
  const folder = await mkdtemp(join(tmpdir(), 'pictura-migrations-'));
  try {
    await mkdir(join(folder, 'meta'));
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) {
      await copyFile(join(MIGRATIONS_DIR, `${tag}.sql`), join(folder, `${tag}.sql`));
    }
    await migrate(database, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A database with no migration applied (a fresh PGlite runs initdb: a few seconds). */
export async function createEmptyDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openPglite({ dataDir: 'memory://' });
    return { database, dispose: () => database.close() };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = assertSafeName(`pictura_t_${randomBytes(6).toString('hex')}`);
  await createDatabase(template.adminUrl, name);
  const database = await openPostgres(withDatabaseName(template.adminUrl, name));
  return {
    database,
    dispose: async () => {
      await database.close();
      await adminQuery(template.adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
