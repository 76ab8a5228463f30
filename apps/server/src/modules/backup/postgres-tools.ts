/**
 * The environment and connection string for pg_dump and pg_restore: the password goes in
 * PGPASSWORD, never on the command line, where any user of the machine could read it.
 */
export function postgresToolEnv(url: string): { env: NodeJS.ProcessEnv; connection: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    connection: parsed.toString(),
  };
}
