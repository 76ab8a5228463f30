import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../../paths.js';
import type { Database } from './database.js';
import { unlimitedClient } from './postgres-pool.js';

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 7_142_031;

/**
 * Applies the committed migrations (apps/server/drizzle) that this database has not seen yet.
 * On PostgreSQL, several API processes may start at once: an advisory lock, held on the one
 * connection the migrator uses, lets the first migrate and the others find nothing left to do.
 * That connection is its own, without the pool's time limits: a migration may rewrite a big table.
 */
export async function migrate(
  database: Database,
  migrationsFolder: string = MIGRATIONS_DIR,
): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder });
    return;
  }

  const connection = unlimitedClient(database.client);
  // A connection lost midway fails the running query, which reports it; unheard, it would crash.
  connection.on('error', () => undefined);
  await connection.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await connection.end();
  }
}
