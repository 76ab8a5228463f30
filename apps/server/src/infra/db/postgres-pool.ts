// The PostgreSQL connection pool, made to fail fast and heal by itself when the database goes away:
// requests get an error within bounded time instead of hanging, and no
// connection is lost for good, so the process recovers without a restart once PostgreSQL is back.
import pg from 'pg';
import { isBrokenConnection } from './unavailable.js';

/** Opening a connection, or waiting for a free one, may take this long. */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * PostgreSQL cancels a statement running this long: far beyond any request's needs, and enough for
 * the bulk seed's chunks; migrations and the seed's VACUUM run without it (runLongStatement).
 */
export const STATEMENT_TIMEOUT_MS = 15_000;
/**
 * The client gives up on an answer after this long, after the server's own limit: only a silent
 * network (a partition, a frozen server) gets this far.
 */
export const QUERY_TIMEOUT_MS = 20_000;
/** A transaction left open this long by a client that went away frees its locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export const POOL_SIZE = 10;

type Checkout = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * A pool whose checked-out clients (Drizzle's transactions, the migrator) give their slot back
 * when their connection breaks. Drizzle 0.45 runs BEGIN before its try/finally, so a BEGIN that
 * fails on a dead connection never releases the client, and it releases without the error
 * otherwise, which returns a client stuck on an unanswered query to the pool (drizzle-orm#6114,
 * #6241). Enough of either and every later query waits on an empty pool, forever.
 * `pool.query` (Drizzle's other queries, pg-boss) releases with the error itself.
 */
class SelfHealingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Checkout): void;
  override connect(callback?: Checkout): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenBroken);
  }
}

/**
 * Wraps this checkout's `query` and `release`: the first query that finds the connection broken
 * releases the client with its error (the pool then closes it), and a later `release` from the
 * borrower does nothing instead of throwing pg-pool's double-release error. A socket error
 * between two queries releases it too; pg-pool listens only to idle clients, and an unheard
 * 'error' event would crash the process.
 */
function releasedWhenBroken(client: pg.PoolClient): pg.PoolClient {
  const poolRelease = client.release;
  const query = client.query;
  let released = false;
  const release = (err?: Error | boolean): void => {
    if (released) return;
    released = true;
    client.off('error', release);
    client.query = query;
    poolRelease(err);
  };
  client.on('error', release);
  // `query` has many overloads; this passes every call through unchanged and only watches the
  // promise form, which is the one Drizzle and the migrator use.
  client.query = function guardedQuery(this: pg.PoolClient, ...args: unknown[]): unknown {
    const result: unknown = Reflect.apply(query, this, args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (isBrokenConnection(err)) release(err instanceof Error ? err : true);
      });
    }
    return result;
  } as typeof client.query;
  client.release = release;
  return client;
}

export function createPostgresPool(url: string): pg.Pool {
  return new SelfHealingPool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
}

/** A client of its own, with no time limits, for work known to be long (migrations). */
export const unlimitedClient = (pool: pg.Pool): pg.Client =>
  new pg.Client({
    ...pool.options,
    statement_timeout: false,
    query_timeout: undefined,
    idle_in_transaction_session_timeout: undefined,
  });
