// The same integration test body on every engine of the run, each with a fresh database per file.
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import type { App } from '../app.js';
import type { Database } from '../infra/db/index.js';
import { buildTestApp, type TestAppOptions } from './app.js';
import { createTestDatabase, testEngines, type Engine, type TestDatabase } from './database.js';

export interface EngineContext {
  readonly engine: Engine;
  /** This file's database on this engine, shared by its tests (give each test its own data). */
  readonly database: Database;
  /** A ready app on this database with the test config; closed after the test. */
  buildApp(options?: Omit<TestAppOptions, 'database' | 'engine'>): Promise<App>;
}

/** `describe` once per engine, each with a fresh database shared by the tests inside. */
export function describeEachEngine(title: string, body: (context: EngineContext) => void): void {
  for (const engine of testEngines()) {
    describe(`${title} [${engine}]`, () => {
      let testDatabase: TestDatabase | undefined;
      const apps: App[] = [];

      beforeAll(async () => {
        testDatabase = await createTestDatabase(engine);
      });
      afterEach(async () => {
        await Promise.all(apps.splice(0).map((app) => app.close()));
      });
      afterAll(async () => {
        await testDatabase?.dispose();
      });

      const context: EngineContext = {
        engine,
        get database() {
          // Set by beforeAll: reading it while vitest collects the tests is a mistake.
          if (!testDatabase) throw new Error('use the database inside tests and hooks');
          return testDatabase.database;
        },
        async buildApp(options = {}) {
          const app = await buildTestApp({ ...options, database: context.database });
          apps.push(app);
          return app;
        },
      };
      body(context);
    });
  }
}
