import pg from 'pg';

/** The same server and credentials as `url`, another database. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Runs statements one after the other (CREATE/DROP DATABASE cannot take parameters, nor run in a
 * transaction) on a short-lived admin connection.
 */
export async function adminQuery(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new test database, empty or a copy of `template`. Its commits do not wait for the WAL to reach
 * the disk (`synchronous_commit = off`): the runs share one PostgreSQL whose disk flushes took 10 to
 * 20 ms a commit on a busy machine, against 3.5 ms without. Only a crash of the PostgreSQL server
 * itself could lose a commit, which no test does; what other sessions see, and when, is the same.
 */
export async function createDatabase(url: string, name: string, template?: string): Promise<void> {
  assertSafeName(name);
  if (template !== undefined) assertSafeName(template);
  await adminQuery(
    url,
    `create database ${name}${template ? ` template ${template}` : ''}`,
    `alter database ${name} set synchronous_commit = off`,
  );
}

/** Test database names are generated, never user input; this guards the string-built SQL anyway. */
export function assertSafeName(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  return name;
}
