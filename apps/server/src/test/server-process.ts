// A Pictura server as a process of its own, for the tests of several processes and faults and for
// the benchmarks and the load test (bench/). No Vitest here: the benchmarks import it outside a
// test runner.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** How each kind of process starts: the build as `npm start` runs it, or the sources through tsx. */
export const SERVER_ENTRIES = {
  built: [join(root, 'apps', 'server', 'dist', 'main.js')],
  api: ['--conditions=source', '--import', 'tsx', join(root, 'apps', 'server', 'src', 'main.ts')],
  worker: [
    '--conditions=source',
    '--import',
    'tsx',
    join(root, 'apps', 'server', 'src', 'worker.ts'),
  ],
} as const;

/** One running child; `output` keeps the end of what it printed, for a failure's message. */
export interface ServerProcess {
  readonly name: string;
  readonly child: ChildProcess;
  output(): string;
  /** SIGTERM (it drains and closes its pools), then SIGKILL if it hangs past the grace. */
  stop(): Promise<void>;
}

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

export function spawnServer(
  name: string,
  entry: keyof typeof SERVER_ENTRIES,
  env: Readonly<Record<string, string>>,
  stopGraceMs = 5_000,
): ServerProcess {
  const child = spawn(process.execPath, SERVER_ENTRIES[entry], {
    cwd: root,
    // Only what is given: the runner's own variables (TEST_*, a developer's DATABASE_URL) stay out.
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
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
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
