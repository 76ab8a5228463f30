import type { Database } from './database.js';
import { unlimitedClient } from './postgres-pool.js';

/**
 * Runs one statement known to be long (VACUUM after a bulk seed of millions of rows) on a connection
 * of its own, without the pool's `statement_timeout`, which is sized for requests. Its rows, if any.
 */
export async function runLongStatement<Row>(database: Database, statement: string): Promise<Row[]> {
  if (database.kind === 'pglite') {
    // PGlite has no time limits to lift.
    return (await database.client.query<Row>(statement)).rows;
  }
  const connection = unlimitedClient(database.client);
  // A connection lost midway fails the running query, which reports it; unheard, it would crash.
  connection.on('error', () => undefined);
  await connection.connect();
  try {
    return (await connection.query<Row & object>(statement)).rows;
  } finally {
    await connection.end();
  }
}
