import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';

/** What the database says about the shop at one moment, for the gauges (registry.ts). */
export interface ShopState {
  payments: { status: string; count: number }[];
  /** Age in seconds of the oldest payment in each waiting status (pending, processing). */
  oldestWaitingPayment: { status: string; seconds: number }[];
  /** Mails waiting to be sent (queued), and the age of the oldest. */
  outbox: { queued: number; oldestSeconds: number };
  /** Jobs of each queue by state, for the states that are not finished. */
  queue: { queue: string; state: string; count: number }[];
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  (await db.execute(query)).rows as T[];

/**
 * Reads the state in a few grouped queries. The job table is pg-boss's (schema `pgboss`), absent
 * until the queue first started: then there are no jobs to count.
 */
export async function readShopState(db: Db): Promise<ShopState> {
  const [payments, oldest, outbox, queueTable] = await Promise.all([
    rowsOf<{ status: string; count: string }>(
      db,
      sql`select status, count(*) as count from payments group by status`,
    ),
    rowsOf<{ status: string; seconds: string }>(
      db,
      sql`select status, extract(epoch from now() - min(created_at)) as seconds
          from payments where status in ('pending', 'processing') group by status`,
    ),
    rowsOf<{ queued: string; seconds: string | null }>(
      db,
      sql`select count(*) as queued, extract(epoch from now() - min(created_at)) as seconds
          from mail_outbox where status = 'queued'`,
    ),
    rowsOf<{ present: boolean }>(db, sql`select to_regclass('pgboss.job') is not null as present`),
  ]);
  const queue = queueTable[0]?.present
    ? await rowsOf<{ queue: string; state: string; count: string }>(
        db,
        sql`select name as queue, state::text as state, count(*) as count from pgboss.job
            where state in ('created', 'retry', 'active') group by name, state`,
      )
    : [];
  return {
    payments: payments.map((row) => ({ status: row.status, count: Number(row.count) })),
    oldestWaitingPayment: oldest.map((row) => ({
      status: row.status,
      seconds: Number(row.seconds),
    })),
    outbox: {
      queued: Number(outbox[0]?.queued ?? 0),
      oldestSeconds: Number(outbox[0]?.seconds ?? 0),
    },
    queue: queue.map((row) => ({ queue: row.queue, state: row.state, count: Number(row.count) })),
  };
}
