// The pool's own recovery: transactions that meet a silent network fail within
// the pool's limits and give their connections back, so the pool serves again afterwards.
// (Drizzle alone would keep each such connection forever: see postgres-pool.ts.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedPostgres, type SharedDatabase } from '../../test/processes.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { openPostgres, type PostgresDatabase } from './database.js';
import { POOL_SIZE } from './postgres-pool.js';
import { isDatabaseUnavailable } from './unavailable.js';

const reason = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset';

describe.skipIf(reason)(`${reason ? `[skipped: ${reason}] ` : ''}the PostgreSQL pool`, () => {
  let shared: SharedDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let database: PostgresDatabase | undefined;

  beforeAll(async () => {
    shared = await createSharedPostgres();
    const direct = new URL(shared.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(shared.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openPostgres(viaProxy.toString());
  });

  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await shared?.dispose();
  });

  const transaction = () => database!.db.transaction((tx) => tx.execute(sql`select 1`));

  it('fails transactions on a silent network cleanly and serves again once it is back', async () => {
    // Every connection of the pool open and idle: the network falls silent under all of them.
    await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        database!.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`)),
      ),
    );
    expect(database!.client.idleCount).toBe(POOL_SIZE);

    proxy!.cut('blackhole');
    const during = await Promise.allSettled(
      Array.from({ length: POOL_SIZE + 2 }, () => transaction()),
    );
    proxy!.restore();

    for (const outcome of during) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect(isDatabaseUnavailable(outcome.reason)).toBe(true);
    }
    await expect(transaction()).resolves.toBeDefined();
    expect(database!.client.totalCount).toBeLessThanOrEqual(POOL_SIZE);
  }, 60_000);
});
