import type { Database } from '../../infra/db/index.js';

// Any constant works; it only has to differ from the migration lock's and be the same everywhere.
const CATALOG_SEED_LOCK_ID = 7_142_032;

const pgliteQueues = new WeakMap<Database, Promise<unknown>>();

/**
 * Runs `work` while no other process (PostgreSQL: a session advisory lock on a connection of its
 * own) or other caller in this process (PGlite: one process owns the folder) runs seeding work on
 * the same database.
 */
export async function withSeedLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    const previous = pgliteQueues.get(database) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(work);
    pgliteQueues.set(database, run);
    return run;
  }
  const connection = await database.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [CATALOG_SEED_LOCK_ID]);
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [CATALOG_SEED_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}
