/** PostgreSQL's unique_violation, wherever a driver or Drizzle wrapped it (`cause` chain). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const URL_NAME_TAKEN = 'This url name is already used.';
