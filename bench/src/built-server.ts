// The production build as `npm start` runs it (apps/server/dist/main.js serving apps/web/dist), on
// a fresh temporary DATA_DIR: the embedded database, migrated and given the demo catalog at start.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths } from '@pictura/contract';
import {
  freePort,
  SERVER_ENTRIES,
  spawnServer,
  waitUntilHealthy,
} from '../../apps/server/src/test/server-process.js';

const [mainScript] = SERVER_ENTRIES.built;
// Migrating and painting the ~100 demo pictures takes several seconds on the bench machine.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

export interface BuiltServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234. */
  readonly origin: string;
  /** Its DATA_DIR: the file outbox (`outbox/*.eml`) holds the mails it sent. */
  readonly dataDir: string;
  /** Stops the server (SIGTERM, then SIGKILL if it hangs) and deletes its DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * Starts the built server and resolves once its health check answers 200. `env` adds variables
 * (e.g. a higher GENERATION_RATE_LIMIT_MAX for a benchmark that submits many jobs).
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  if (!existsSync(mainScript)) {
    throw new Error(`${mainScript} is missing: run \`npm run build\` first.`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pictura-bench-built-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawnServer(
    'the built server',
    'built',
    {
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    STOP_TIMEOUT_MS,
  );
  const stop = async () => {
    await child.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(child, `${origin}${apiPaths.health}`, START_TIMEOUT_MS);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, dataDir, stop };
}
