// Real server processes for tests of a deployment with several of them (issue 9, point 2). They run
// the TypeScript sources through tsx, because integration tests run before `npm run build`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { apiPaths, TokenResponseSchema } from '@pictura/contract';
import { openPostgres, type Database } from '../infra/db/index.js';
import { STRONG_PASSWORD } from './accounts.js';
import { adminQuery, assertSafeName, withDatabaseName } from './postgres-admin.js';

/** A port nobody listens on now: the kernel picks one, we release it and hand it to a child. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no TCP port was given');
  return address.port;
}

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
  await adminQuery(template.adminUrl, `create database ${name} template ${template.templateName}`);
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

const ENTRIES = {
  api: fileURLToPath(new URL('../main.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../worker.ts', import.meta.url)),
} as const;

/** One running child; `output` keeps what it printed, for the message of a failed test. */
export interface ServerProcess {
  readonly name: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 5_000;

export function startServerProcess(
  name: string,
  kind: keyof typeof ENTRIES,
  env: Readonly<Record<string, string>>,
): ServerProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ENTRIES[kind]], {
    // Only what is given: the test runner's own variables (TEST_*, a developer's DATABASE_URL) stay out.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  return {
    name,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      // SIGTERM lets it drain and close its pools; SIGKILL if it hangs, so a test never waits on it.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `url` answers 200 (the process is up and migrated), or fails with its output. */
export async function waitUntilHealthy(
  server: ServerProcess,
  url: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`${server.name} exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.name} was not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

/** An API process (WORKER=0 unless given) on `databaseUrl`, for the fault tests (issue 9, point 4). */
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

/** Signs a new user up through `api`'s HTTP API; answers the access token. */
export async function signUpOver(api: string): Promise<{ email: string; accessToken: string }> {
  const email = `fault-${randomBytes(8).toString('hex')}@example.com`;
  const response = await fetch(`${api}${apiPaths.accountsRegister}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: STRONG_PASSWORD,
      repeatedPassword: STRONG_PASSWORD,
      agreedToPrivacyPolicy: true,
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { email, ...TokenResponseSchema.parse(await response.json()) };
}
