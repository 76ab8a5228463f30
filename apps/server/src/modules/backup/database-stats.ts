import { DATA_KEY_ROW } from '../keys/index.js';
import { BackupRefused } from './archive-errors.js';
import { migrationOf } from './manifest.js';

/** What both PGlite and a node-postgres client answer: `query(text)` with rows. */
export interface Queryable {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
}

export interface SnapshotStats {
  readonly counts: Record<string, number>;
  readonly lastMigration: { tag: string; when: number };
  /** The id of the secret the data key is wrapped under, when the shop has made one. */
  readonly dataKeyWrappedBy: string | undefined;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table, newest migration and the data key's wrapper, read inside the snapshot. */
export async function readSnapshotStats(db: Queryable): Promise<SnapshotStats> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(`
    select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await db.query<{ count: number }>(
      `select count(*)::int as count from ${quote(table.schema)}.${quote(table.name)}`,
    );
    counts[`${table.schema}.${table.name}`] = rows[0]?.count ?? 0;
  }
  if (!('drizzle.__drizzle_migrations' in counts)) {
    throw new BackupRefused(
      'The database has no Pictura schema: start the server on it once first.',
    );
  }
  const { rows: migrations } = await db.query<{ when: string | number }>(
    'select max(created_at) as when from drizzle.__drizzle_migrations',
  );
  const hasDataKeys = 'public.data_keys' in counts;
  const wrapped = hasDataKeys
    ? (
        await db.query<{ wrapped_by: string }>(
          `select wrapped_by from data_keys where name = '${DATA_KEY_ROW}'`,
        )
      ).rows
    : [];
  return {
    counts,
    lastMigration: migrationOf(Number(migrations[0]?.when ?? 0)),
    dataKeyWrappedBy: wrapped[0]?.wrapped_by,
  };
}
