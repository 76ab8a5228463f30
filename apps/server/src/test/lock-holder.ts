// Forced interleavings on PostgreSQL: a connection of the test's own takes locks inside a
// transaction, the app's transactions queue behind them, and the test lets them go when it says so.
import pg from 'pg';
import { expect } from 'vitest';
import type { Database } from '../infra/db/index.js';

export interface LockHolder {
  /** Runs a statement in the holder's open transaction (e.g. `select … for update`). */
  query(text: string, values?: unknown[]): Promise<void>;
  /** Resolves once `count` sessions of this database wait for a lock (heavyweight or row). */
  waitForWaiters(count: number): Promise<void>;
  /** Ends the transaction: every lock it held is free. */
  release(): Promise<void>;
  close(): Promise<void>;
}

/** A holder on its own connection, its transaction begun; PostgreSQL only. */
export async function openLockHolder(database: Database): Promise<LockHolder> {
  if (database.kind !== 'postgres') throw new Error('lock holders need PostgreSQL');
  const client = new pg.Client({ connectionString: database.client.options.connectionString });
  await client.connect();
  await client.query('begin');
  return {
    async query(text, values) {
      await client.query(text, values);
    },
    async waitForWaiters(count) {
      await expect
        .poll(
          async () => {
            // Activity is read once per transaction unless cleared, and this one stays open.
            await client.query('select pg_stat_clear_snapshot()');
            const { rows } = await client.query<{ waiting: number }>(
              `select count(*)::int as waiting from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return rows[0]?.waiting;
          },
          { timeout: 30_000, interval: 50 },
        )
        .toBe(count);
    },
    async release() {
      await client.query('commit');
    },
    async close() {
      await client.end();
    },
  };
}
