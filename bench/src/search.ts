import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Figure } from './report.js';
import { CEILING_PATH, MESSAGE_PREFIX, type Command, type Message } from './search-protocol.js';

/** A typical gallery request: newest first, one orientation, a price range, one page of 24. */
export const TYPICAL_SEARCH =
  '/api/offers?Sort=NewToOld&Orientation=Horizontal&Style=None&From=0&To=5000&Currency=EUR&Page=1&PageSize=24';

// Budgets at every size under 10 concurrent connections on the bench machine (2 cores shared by
// the server, PostgreSQL and the load generator).
const SEARCH_P99_LIMIT_MS = 100;
const UNCACHED_P99_LIMIT_MS = 250;

export interface SearchBenchOptions {
  /** Catalog sizes, growing: each step adds the offers that make up the difference. */
  sizes: number[];
  /** Seconds of load per measurement (after one second of warm-up). */
  seconds: number;
  connections: number;
}

interface Load {
  p50: number;
  p99: number;
  requestsPerSecond: number;
}

/** Drives the server process: commands on stdin, `BENCH {...}` answers on stdout. */
class ServerProcess {
  private readonly child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      fileURLToPath(new URL('search-server.ts', import.meta.url)),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  private readonly messages = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();

  async next(): Promise<Message> {
    for (;;) {
      const { value, done } = await this.messages.next();
      if (done) throw new Error('the benchmark server stopped');
      if (value.startsWith(MESSAGE_PREFIX))
        return JSON.parse(value.slice(MESSAGE_PREFIX.length)) as Message;
    }
  }

  async send(command: Command): Promise<Message> {
    this.child.stdin.write(`${JSON.stringify(command)}\n`);
    return this.next();
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.stdin.end(`${JSON.stringify({ quit: true } satisfies Command)}\n`);
    await once(this.child, 'exit');
  }
}

async function load(url: string, options: SearchBenchOptions, paths?: () => string): Promise<Load> {
  const settings = {
    url,
    connections: options.connections,
    ...(paths
      ? { requests: [{ setupRequest: (request: object) => ({ ...request, path: paths() }) }] }
      : {}),
  };
  await autocannon({ ...settings, duration: 1 });
  const result = await autocannon({ ...settings, duration: options.seconds });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers other than 2xx`);
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
  };
}

/**
 * The typical search with a different upper price each time: its total is not in the server's
 * 30-second cache, so each request counts its matches (the cost of a first visit).
 */
const variedSearch = () =>
  TYPICAL_SEARCH.replace('To=5000', `To=${2000 + Math.floor(Math.random() * 3000)}`);

function figuresOf(
  name: string,
  at: string,
  measured: Load,
  ceiling: Load,
  p99Limit: number,
): Figure[] {
  return [
    {
      name: `${name} p50 (${at})`,
      value: measured.p50,
      unit: 'ms',
      ratioToCeiling: measured.p50 / ceiling.p50,
    },
    {
      name: `${name} p99 (${at})`,
      value: measured.p99,
      unit: 'ms',
      budget: { limit: p99Limit, kind: 'max' },
      ratioToCeiling: measured.p99 / ceiling.p99,
    },
    {
      name: `${name} requests/s (${at})`,
      value: round(measured.requestsPerSecond),
      unit: 'req/s',
      ratioToCeiling: measured.requestsPerSecond / ceiling.requestsPerSecond,
    },
  ];
}

const label = (offers: number) => `${offers.toLocaleString('en-US')} offers`;
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * p50 and p99 latency and requests per second of a typical search, and of the same server
 * answering a precomputed body of the same size (the ceiling: everything but the database work),
 * at each catalog size. Runs the server in a process of its own, on loopback; PostgreSQL when it
 * answers (BENCH_DATABASE_URL, else the local server), otherwise PGlite.
 */
export async function measureSearch(
  options: SearchBenchOptions,
): Promise<{ engine: string; figures: Figure[] }> {
  const server = new ServerProcess();
  try {
    const ready = await server.next();
    const base = `http://127.0.0.1:${ready.port}`;
    const figures: Figure[] = [];
    let seeded = 0;
    for (const size of options.sizes) {
      const started = Date.now();
      await server.send({ seed: size - seeded });
      seeded = size;
      console.error(
        `bench: ${label(size)} on ${ready.engine} (seeded in ${Date.now() - started} ms)`,
      );
      const primed = await server.send({ prime: TYPICAL_SEARCH });
      if (primed.primed !== 200) throw new Error(`the typical search answered ${primed.primed}`);

      const search = await load(`${base}${TYPICAL_SEARCH}`, options);
      const varied = await load(`${base}${TYPICAL_SEARCH}`, options, variedSearch);
      const ceiling = await load(`${base}${CEILING_PATH}`, options);
      const at = label(size);
      figures.push(
        ...figuresOf('search', at, search, ceiling, SEARCH_P99_LIMIT_MS),
        ...figuresOf('search, uncached total', at, varied, ceiling, UNCACHED_P99_LIMIT_MS),
        { name: `ceiling p50 (${at})`, value: ceiling.p50, unit: 'ms' },
        { name: `ceiling p99 (${at})`, value: ceiling.p99, unit: 'ms' },
        {
          name: `ceiling requests/s (${at})`,
          value: round(ceiling.requestsPerSecond),
          unit: 'req/s',
        },
        { name: `search response size (${at})`, value: primed.bytes ?? 0, unit: 'bytes' },
      );
    }
    return { engine: ready.engine ?? 'unknown', figures };
  } finally {
    await server.stop();
  }
}
