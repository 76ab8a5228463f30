import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/index.js';

type Rows = { rows: Record<string, unknown>[] };

/**
 * How pg-boss reaches our database (its `db` option), so that it shares the app's connections
 * instead of opening its own pool. PGlite: statements pg-boss sends without
 * parameters may be several at once (its schema, its locked maintenance) and go through `exec`,
 * which answers per statement; the rest through `query`.
 */
export function executorFor(database: Database): PgBoss.Db {
  if (database.kind === 'postgres') {
    const pool = database.client;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = database.client;
  return {
    async executeSql(text: string, values?: unknown[]): Promise<Rows> {
      if (values && values.length > 0) {
        return client.query<Record<string, unknown>>(text, values);
      }
      try {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      } catch (err) {
        // A failed statement inside pg-boss's own BEGIN ... COMMIT leaves the one connection in an
        // aborted transaction; every later query would fail until it is rolled back.
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}

/**
 * pg-boss statements run inside a Drizzle transaction (`tx`), so that a job is queued together with
 * the rows that need it, or not at all. `$n` placeholders become bound parameters; `sql.param`
 * keeps an array (a list of job ids) one parameter instead of spreading it.
 */
export function transactionExecutor(tx: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<Rows> {
      const result = await tx.execute<Record<string, unknown>>(withParameters(text, values));
      return { rows: result.rows };
    },
  };
}

function withParameters(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}
