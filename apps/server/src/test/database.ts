// Fresh test databases: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. Both start
// from the migrated templates of global-setup.ts.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../infra/db/index.js';
import { adminQuery, assertSafeName, createDatabase, withDatabaseName } from './postgres-admin.js';

export type Engine = Database['kind'];

export interface TestDatabase {
  readonly database: Database;
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/** The engines this run covers. */
export function testEngines(): Engine[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A new, migrated, empty database of its own. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const dump = await readFile(inject('pgliteTemplateFile'));
    const database = await openPglite({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
    return { database, dispose: () => database.close() };
  }

  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = assertSafeName(`pictura_t_${randomBytes(6).toString('hex')}`);
  await createDatabase(template.adminUrl, name, template.templateName);
  const database = await openPostgres(withDatabaseName(template.adminUrl, name));
  return {
    database,
    dispose: async () => {
      await database.close();
      await adminQuery(template.adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
