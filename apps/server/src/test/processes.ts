// Real server processes for tests of a deployment with several of them. They run
// the TypeScript sources through tsx, because integration tests run before `npm run build`.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { decodeJwt } from 'jose';
import { apiPaths, TokenResponseSchema } from '@pictura/contract';
import { openPostgres, type Database, type Db } from '../infra/db/index.js';
import { issueVerificationToken } from '../modules/accounts/index.js';
import { STRONG_PASSWORD } from './accounts.js';
import { adminQuery, assertSafeName, createDatabase, withDatabaseName } from './postgres-admin.js';
import { spawnServer, type ServerProcess } from './server-process.js';

export { freePort, waitUntilHealthy, type ServerProcess } from './server-process.js';

/** A fresh PostgreSQL database copied from the run's migrated template, with its own URL. */
export interface SharedDatabase {
  readonly url: string;
  /** A connection of the test's own, for seeding and for reading back what the processes wrote. */
  readonly database: Database;
  dispose(): Promise<void>;
}

export async function createSharedPostgres(): Promise<SharedDatabase> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('server process tests need TEST_DATABASE_URL');
  const name = assertSafeName(`pictura_mp_${randomBytes(6).toString('hex')}`);
  await createDatabase(template.adminUrl, name, template.templateName);
  const url = withDatabaseName(template.adminUrl, name);
  const database = await openPostgres(url);
  return {
    url,
    database,
    dispose: async () => {
      await database.close();
      // FORCE: a child that did not exit in time must not keep the database alive.
      await adminQuery(template.adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A child running the sources through tsx: integration tests run before the build. */
export function startServerProcess(
  name: string,
  kind: 'api' | 'worker',
  env: Readonly<Record<string, string>>,
): ServerProcess {
  return spawnServer(name, kind, env);
}

/** An API process (WORKER=0 unless given) on `databaseUrl`, for the fault tests. */
export interface ApiProcess extends ServerProcess {
  /** Its own address, `http://127.0.0.1:<port>`; also its PUBLIC_URL. */
  readonly url: string;
}

export function startApiProcess(
  name: string,
  options: {
    databaseUrl: string;
    port: number;
    dataDir: string;
    /** The same in every process of a test, so that tokens outlive a restart. */
    jwtSecret: string;
    env?: Readonly<Record<string, string>>;
  },
): ApiProcess {
  const url = `http://127.0.0.1:${options.port}`;
  const server = startServerProcess(name, 'api', {
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    DEMO_CATALOG: 'false',
    WORKER: '0',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: url,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret,
    // Fault tests send many requests from one address; the limits are not what they test.
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_IP_MAX: '1000000',
    ...options.env,
  });
  return { ...server, url };
}

/**
 * Signs a new user up through `api`'s HTTP API and verifies the address with a link made by the
 * code the sign-up mail's link comes from (these processes run no mail worker); answers the access
 * token.
 */
export async function signUpOver(
  api: string,
  db: Db,
): Promise<{ email: string; accessToken: string }> {
  const email = `fault-${randomBytes(8).toString('hex')}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const response = await post(apiPaths.accountsRegister, {
    email,
    password: STRONG_PASSWORD,
    repeatedPassword: STRONG_PASSWORD,
    agreedToPrivacyPolicy: true,
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const tokens = TokenResponseSchema.parse(await response.json());
  const user = String(decodeJwt(tokens.accessToken).sub);
  const token = await issueVerificationToken(db, user, email);
  const verified = await post(apiPaths.accountsVerifyEmail, { user, token });
  if (!verified.ok)
    throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  return { email, ...tokens };
}
