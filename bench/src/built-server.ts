// The production build as `npm start` runs it (apps/server/dist/main.js serving apps/web/dist), on
// a fresh temporary DATA_DIR: the embedded database, migrated and given the demo catalog at start.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@pictura/contract';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mainScript = join(root, 'apps', 'server', 'dist', 'main.js');
// Migrating and painting the ~100 demo pictures takes several seconds on the bench machine.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

export interface BuiltServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234. */
  readonly origin: string;
  /** Stops the server (SIGTERM, then SIGKILL if it hangs) and deletes its DATA_DIR. */
  stop(): Promise<void>;
}

/** A port nobody listens on now, chosen by the system (never one of the fixed ranges in use). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
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
  const child = spawn(process.execPath, [mainScript], {
    cwd: root,
    // Warnings and errors only, so that a failing start says why on the bench's output.
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
  const exited = once(child, 'exit');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(origin, () => child.exitCode !== null || child.signalCode !== null);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}

async function waitUntilHealthy(origin: string, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('the built server stopped during start-up');
    try {
      const response = await fetch(`${origin}${apiPaths.health}`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the built server did not answer within ${START_TIMEOUT_MS / 1000} s`);
}
