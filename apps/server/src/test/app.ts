import { tmpdir } from 'node:os';
import type { RouteOptions } from 'fastify';
import { join } from 'node:path';
import { buildApp, type App } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import type { Database } from '../infra/db/index.js';
import type { Argon2Cost } from '../modules/accounts/index.js';
import type { GenerationTuning } from '../modules/generation/index.js';
import type { MailTuning } from '../modules/mail/index.js';
import { registerTestApp } from './app-registry.js';
import { createTestDatabase, type Engine } from './database.js';

// Files the app writes (mail outbox) go to a folder of this test process, never ./data.
const TEST_DATA_DIR = join(tmpdir(), `pictura-test-data-${process.pid}`);

/**
 * The configuration tests run with: quiet, no web app, a fixed JWT secret (so no secret file is
 * written), overridable like the real environment.
 */
export function testConfig(env: Readonly<Record<string, string>> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: TEST_DATA_DIR,
    JWT_SECRET: 'test-secret-of-at-least-thirty-two-characters',
    ...env,
  });
}

/**
 * argon2 at 1 MiB and one pass: a fifth of the integration tests' time went into hashing at the
 * production cost (the valid-body fuzz signs up and logs in thousands of times). The production
 * cost has its own tests (passwords.test.ts, register.int.test.ts).
 */
export const TEST_PASSWORD_HASHING: Argon2Cost = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

export interface TestAppOptions {
  /** Environment variables on top of the test defaults, e.g. `{ RATE_LIMIT_MAX: '3' }`. */
  env?: Readonly<Record<string, string>>;
  /** Use this database; otherwise a fresh one on `engine` (default pglite), dropped when the app closes. */
  database?: Database;
  engine?: Engine;
  /** Image generation settings for the test (a generator of its own, fast polling). */
  generation?: GenerationTuning;
  /** Mail settings for the test (fast polling and retries, a transport of its own). */
  mail?: MailTuning;
  /** Sees every route as the app adds it (route-table tests). */
  observeRoutes?: (route: RouteOptions) => void;
  /** argon2's cost; by default TEST_PASSWORD_HASHING, ARGON2_OPTIONS for a test of the real one. */
  passwordHashing?: Argon2Cost;
  /** Runs before `ready()`: the place to add test-only routes. */
  beforeReady?: (app: App) => void | Promise<void>;
}

/** A ready app (use `app.inject`); the caller closes it. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App> {
  let database = options.database;
  let dispose: (() => Promise<void>) | undefined;
  if (!database) {
    ({ database, dispose } = await createTestDatabase(options.engine ?? 'pglite'));
  }
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    generation: options.generation,
    mail: options.mail,
    observeRoutes: options.observeRoutes,
    passwordHashing: options.passwordHashing ?? TEST_PASSWORD_HASHING,
  });
  if (dispose) app.addHook('onClose', dispose);
  registerTestApp(app, database);
  await options.beforeReady?.(app);
  await app.ready();
  return app;
}
