// Vitest global setup of the integration project: migrate one template per engine, once per run.
// A fresh PGlite runs initdb (seconds); loading a migrated dump takes well under one
// (docs/decisions/testing/README.md).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openPglite, openPostgres } from '../infra/db/index.js';
import { adminQuery, assertSafeName, createDatabase, withDatabaseName } from './postgres-admin.js';

export interface PostgresTemplate {
  /** TEST_DATABASE_URL: a role allowed to create databases. */
  adminUrl: string;
  templateName: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A `dumpDataDir` tarball of a migrated PGlite database. */
    pgliteTemplateFile: string;
    /** Set when TEST_DATABASE_URL is: a migrated database to copy with CREATE DATABASE ... TEMPLATE. */
    postgresTemplate: PostgresTemplate | null;
  }
}

async function createPgliteTemplate(dir: string): Promise<string> {
  const database = await openPglite({ dataDir: 'memory://' });
  try {
    await migrate(database);
    const dump = await database.client.dumpDataDir('none');
    const file = join(dir, 'pglite-template.tar');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function createPostgresTemplate(adminUrl: string): Promise<PostgresTemplate> {
  // A random name per run: other runs may share the server at the same time.
  const templateName = assertSafeName(`pictura_tpl_${randomBytes(5).toString('hex')}`);
  await createDatabase(adminUrl, templateName);
  const database = await openPostgres(withDatabaseName(adminUrl, templateName));
  try {
    await migrate(database);
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template that has open connections.
    await database.close();
  }
  return { adminUrl, templateName };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'pictura-test-'));
  project.provide('pgliteTemplateFile', await createPgliteTemplate(dir));

  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  const postgresTemplate = adminUrl ? await createPostgresTemplate(adminUrl) : null;
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (postgresTemplate) {
      await adminQuery(
        postgresTemplate.adminUrl,
        `drop database if exists ${postgresTemplate.templateName} with (force)`,
      );
    }
  };
}
