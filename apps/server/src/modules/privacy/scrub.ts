import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';

// A type, not an interface: the driver's row type must be a Record.
type TextColumn = {
  table_name: string;
  column_name: string;
  data_type: string;
};

/**
 * Replaces `value` with `replacement` in every text and JSON column of every table of the app's
 * schema: the address a deleted account had cannot survive in a column nobody thought of (a mail
 * recipient, a gift card's recipient, a back-office record's before/after). Only for values that
 * identify one person exactly (an email address), never for names or cities other rows may share.
 */
export async function scrubEverywhere(tx: Db, value: string, replacement: string): Promise<void> {
  const columns = await tx.execute<TextColumn>(sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'jsonb', 'json')
      and is_generated = 'NEVER'
      and table_name in (
        select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
      )
    order by table_name, column_name`);
  for (const { table_name: table, column_name: name, data_type: type } of columns.rows) {
    const column = sql.identifier(name);
    const asText = type === 'jsonb' || type === 'json' ? sql`${column}::text` : sql`${column}`;
    const replaced = sql`replace(${asText}, ${value}, ${replacement})`;
    const newValue =
      type === 'jsonb' || type === 'json' ? sql`${replaced}::${sql.raw(type)}` : replaced;
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${column} = ${newValue} where strpos(${asText}, ${value}) > 0`,
    );
  }
}
