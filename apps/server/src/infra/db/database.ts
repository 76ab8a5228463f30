import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Assume } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { AppConfig } from '../../config.js';
import { createPostgresPool } from './postgres-pool.js';

/** What the raw results of both drivers have in common (`db.execute(sql\`...\`)`): the rows. */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}
interface RowsResult<TRow> {
  rows: TRow[];
}

/** The Drizzle database every module queries; the same type on both engines. */
export type Db = PgDatabase<RowsQueryResultHKT>;

interface DatabaseCommon {
  readonly db: Db;
  /** Resolves when the database answers a query, rejects otherwise. */
  ping(): Promise<void>;
  /** Closes the connections; calling it again does nothing. */
  close(): Promise<void>;
}

/** The embedded engine (docs/product/system.md): PostgreSQL compiled to WASM, in-process. */
export interface PgliteDatabase extends DatabaseCommon {
  readonly kind: 'pglite';
  readonly client: PGlite;
}

export interface PostgresDatabase extends DatabaseCommon {
  readonly kind: 'postgres';
  readonly client: pg.Pool;
}

export type Database = PgliteDatabase | PostgresDatabase;

interface ErrorLogger {
  error(details: object, message: string): void;
}

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

const ping = (db: Db) => async (): Promise<void> => {
  await db.execute(sql`select 1`);
};

/**
 * Opens PGlite. `dataDir` is a folder (created if missing) or `memory://`; `loadDataDir` starts
 * from a `dumpDataDir` tarball, which is how tests skip the slow initdb.
 */
export async function openPglite(options: {
  dataDir: string;
  loadDataDir?: Blob;
}): Promise<PgliteDatabase> {
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db: Db = drizzlePglite({ client });
  return { kind: 'pglite', client, db, ping: ping(db), close: closeOnce(() => client.close()) };
}

/** The health check's own limit: a balancer should hear "unhealthy" before its own timeout. */
export const PING_TIMEOUT_MS = 3_000;
// node-postgres reads `query_timeout` per query too; @types/pg only knows it on the client config.
const PING_QUERY: pg.QueryConfig & { query_timeout: number } = {
  text: 'select 1',
  query_timeout: PING_TIMEOUT_MS,
};

export async function openPostgres(url: string, logger?: ErrorLogger): Promise<PostgresDatabase> {
  const client = createPostgresPool(url);
  // An idle connection dropped by the server emits here; without a listener it would crash the process.
  client.on('error', (err) => logger?.error({ err }, 'PostgreSQL connection error'));
  const db: Db = drizzleNodePg({ client });
  const database: PostgresDatabase = {
    kind: 'postgres',
    client,
    db,
    ping: async () => {
      await client.query(PING_QUERY);
    },
    close: closeOnce(() => client.end()),
  };
  try {
    await database.ping(); // fail at start-up, not on the first request, when the URL is wrong
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/db. */
export function createDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  logger?: ErrorLogger,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, logger)
    : openPglite({ dataDir: join(config.dataDir, 'db') });
}
