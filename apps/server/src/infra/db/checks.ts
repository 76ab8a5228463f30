import { sql, type SQL } from 'drizzle-orm';

/**
 * A CHECK condition that a text column holds one of the given values (the contract's enums), for
 * `check(name, oneOf('status', STATUSES))` in the modules' schema files.
 */
export const oneOf = (column: string, values: readonly string[]): SQL =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);
