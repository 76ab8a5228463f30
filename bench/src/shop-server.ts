// The real Pictura server as a process of its own, for the load test and the checkout benchmark:
// load measured against a separate process includes everything a deployment does (HTTP parsing,
// the pool, JSON), and the load generator does not share its event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@pictura/contract';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `built`: apps/server/dist/main.js, as `npm start` runs it (needs `npm run build`).
 * `source`: the TypeScript sources through tsx, for `npm run bench`, which does not build the server.
 */
export type ServerEntry = 'built' | 'source';

const BUILT_MAIN = join(root, 'apps', 'server', 'dist', 'main.js');
const ENTRY_ARGS: Record<ServerEntry, string[]> = {
  built: [BUILT_MAIN],
  source: [
    '--conditions=source',
    '--import',
    'tsx',
    join(root, 'apps', 'server', 'src', 'main.ts'),
  ],
};

export interface ShopServerOptions {
  entry: ServerEntry;
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** More variables, e.g. rate limits; they win over the defaults below. */
  env?: Readonly<Record<string, string>>;
}

export interface ShopServer {
  readonly baseUrl: string;
  /** The last 20,000 characters it printed (warnings and errors at LOG_LEVEL warn). */
  output(): string;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;
const START_TIMEOUT_MS = 60_000;

/** The client of a load test is one address sending far more than a person would. */
export const LOAD_CLIENT_LIMITS = {
  RATE_LIMIT_MAX: '1000000',
  AUTH_RATE_LIMIT_IP_MAX: '1000000',
} as const;

export async function startShopServer(options: ShopServerOptions): Promise<ShopServer> {
  if (options.entry === 'built' && !existsSync(BUILT_MAIN)) {
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first.');
  }
  const child: ChildProcess = spawn(process.execPath, ENTRY_ARGS[options.entry], {
    cwd: root,
    // Only what is given: a developer's DATABASE_URL or PORT must not leak into the server.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      // The load is API only; the catalog is seeded by the caller.
      SERVE_WEB: 'false',
      DEMO_CATALOG: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const server: ShopServer = {
    baseUrl: `http://127.0.0.1:${options.port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      // SIGTERM drains and closes the pool; SIGKILL only if it hangs, so a run never waits on it.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitUntilHealthy(child, `${server.baseUrl}${apiPaths.health}`, () => output);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

async function waitUntilHealthy(
  child: ChildProcess,
  url: string,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not healthy after ${START_TIMEOUT_MS} ms:\n${output()}`);
}
