interface PostgresError {
  code?: unknown;
  constraint?: unknown;
}

/** The PostgreSQL error of this SQLSTATE, wherever a driver or Drizzle wrapped it (`cause` chain). */
function withSqlState(error: unknown, sqlState: string): PostgresError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    if ((current as PostgresError).code === sqlState) return current as PostgresError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => !!withSqlState(error, '23505');

/** An offer written with a category that is gone (deleted while the write ran). */
export const isMissingCategory = (error: unknown): boolean =>
  withSqlState(error, '23503')?.constraint === 'offers_category_id_categories_id_fk';

export const URL_NAME_TAKEN = 'This url name is already used.';
