// What the tables hold, summed up per table, to compare a database before and after a change.
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';

export interface TableFingerprint {
  /** The columns summed up: those the table had when it was first fingerprinted. */
  readonly columns: readonly string[];
  readonly rows: number;
  /** md5 of every row's text (the named columns), sorted: any changed value changes it. */
  readonly checksum: string;
}

export type Fingerprints = Record<string, TableFingerprint>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function fingerprintTable(
  db: Db,
  table: string,
  columns: readonly string[],
): Promise<TableFingerprint> {
  const select = columns.map(quote).join(', ');
  const result = await db.execute<{ rows: number; checksum: string }>(
    sql.raw(`select count(*)::int as rows,
      md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as checksum
      from (select ${select} from public.${quote(table)}) r`),
  );
  const [row] = result.rows;
  if (!row) throw new Error(`no fingerprint for ${table}`);
  return { columns, rows: row.rows, checksum: row.checksum };
}

/** Every table of the schema `public`, with all its columns. */
export async function fingerprintTables(db: Db): Promise<Fingerprints> {
  const result = await db.execute<{ table: string; columns: string[] }>(sql`
    select c.table_name as "table", array_agg(c.column_name::text order by c.ordinal_position) as columns
    from information_schema.columns c
    join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    group by c.table_name`);
  const fingerprints: Fingerprints = {};
  for (const { table, columns } of result.rows) {
    fingerprints[table] = await fingerprintTable(db, table, columns);
  }
  return fingerprints;
}

/**
 * The same tables and columns as `before` (columns added since are left out: they hold only what
 * the change gave them), summed up again now.
 */
export async function fingerprintAgain(db: Db, before: Fingerprints): Promise<Fingerprints> {
  const again: Fingerprints = {};
  for (const [table, { columns }] of Object.entries(before)) {
    again[table] = await fingerprintTable(db, table, columns);
  }
  return again;
}
