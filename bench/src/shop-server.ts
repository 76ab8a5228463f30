// The real Pictura server as a process of its own, for the load test and the checkout benchmark:
// load measured against a separate process includes everything a deployment does (HTTP parsing,
// the pool, JSON), and the load generator does not share its event loop.
import { existsSync } from 'node:fs';
import { apiPaths } from '@pictura/contract';
import {
  SERVER_ENTRIES,
  spawnServer,
  waitUntilHealthy,
} from '../../apps/server/src/test/server-process.js';

/**
 * `built`: apps/server/dist/main.js, as `npm start` runs it (needs `npm run build`).
 * `source`: the TypeScript sources through tsx, for `npm run bench`, which does not build the server.
 */
export type ServerEntry = 'built' | 'source';

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
  /** Its process id, to read what CPU time it used (process-cpu.ts). */
  readonly pid: number | undefined;
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
  const [builtMain] = SERVER_ENTRIES.built;
  if (options.entry === 'built' && !existsSync(builtMain)) {
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first.');
  }
  const child = spawnServer(
    'the shop server',
    options.entry === 'built' ? 'built' : 'api',
    {
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
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
    STOP_GRACE_MS,
  );
  const server: ShopServer = {
    baseUrl: `http://127.0.0.1:${options.port}`,
    pid: child.child.pid,
    output: () => child.output(),
    stop: () => child.stop(),
  };
  try {
    await waitUntilHealthy(child, `${server.baseUrl}${apiPaths.health}`, START_TIMEOUT_MS);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
