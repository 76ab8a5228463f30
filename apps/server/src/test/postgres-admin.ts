import pg from 'pg';

/** The same server and credentials as `url`, another database. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs statements (CREATE/DROP DATABASE cannot take parameters) on a short-lived admin connection. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Test database names are generated, never user input; this guards the string-built SQL anyway. */
export function assertSafeName(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  return name;
}
