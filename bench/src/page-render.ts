// What rendering a page on the server costs: the picture page's HTML under load, from the render
// cache and rendered afresh, against the same server sending a precomputed page (the ceiling).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadFigures, measureLoad, round } from './load-figures.js';
import { paths } from '@pictura/contract';
import { freePort } from '../../apps/server/src/test/server-process.js';
import type { Figure } from './report.js';
import { createFreshDatabase, postgresAnswers, seedCatalog } from './shop-fixture.js';

// The budgets. From the cache at 50 connections, as the catalog's calls (catalog-reads.ts): p99
// at most 25 ms and at least half the ceiling's requests per second. Rendered afresh (each picture
// asked for once, as crawlers and the long tail of a large catalog do), at 10 connections: p99 at
// most 60 ms.
const CONNECTIONS = 50;
const P99_LIMIT_MS = 25;
const MIN_RATIO_TO_CEILING = 0.5;
const UNCACHED_CONNECTIONS = 10;
const UNCACHED_P99_LIMIT_MS = 60;
/** Picture pages visited in turn from the cache: the popular part of the catalog. */
const POPULAR_PAGES = 100;

/** The server process's route answering a precomputed page: the ceiling. */
const CEILING_PATH = '/bench/page-ceiling';
/** What the server process (page-render-server.mjs) is told, one command per stdin line. */
type Command = { prime: string } | { quit: true };
/** What it answers: lines starting with `BENCH `, then a JSON object. */
const MESSAGE_PREFIX = 'BENCH ';
interface Message {
  ready?: boolean;
  primed?: number;
  bytes?: number;
}

export interface PageRenderBenchOptions {
  /** Offers in the catalog: the uncached measurement asks for each picture page at most once. */
  offers: number;
  /** Seconds of load per measurement (after one second of warm-up). */
  seconds: number;
  /** More arguments for the server's Node, e.g. `--cpu-prof` to see where its time goes. */
  nodeArgs?: readonly string[];
}

/** The server process: commands on stdin, `BENCH {...}` answers on stdout, its errors on ours. */
function startServer(env: Record<string, string>, nodeArgs: readonly string[]) {
  const script = fileURLToPath(new URL('page-render-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // In the process itself: React reads it to pick its production build.
      NODE_ENV: 'production',
      BENCH_CEILING_PATH: CEILING_PATH,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const messages = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<Message> => {
    for (;;) {
      const { value, done } = await messages.next();
      if (done) throw new Error('the page rendering server stopped');
      if (value.startsWith(MESSAGE_PREFIX)) {
        return JSON.parse(value.slice(MESSAGE_PREFIX.length)) as Message;
      }
    }
  };
  return {
    next,
    async send(command: Command): Promise<Message> {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return next();
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin.end(`${JSON.stringify({ quit: true } satisfies Command)}\n`);
      await exited;
    },
  };
}

/** Each picture page in turn; past the end it starts again (the cache has long let them go). */
function inTurn(urlNames: readonly string[]): () => string {
  let turn = 0;
  return () => paths.picture(urlNames[turn++ % urlNames.length]!);
}

/**
 * p50 and p99 latency and requests per second of the picture page's HTML: from the render cache
 * (the 100 first pictures in turn, 50 connections) and rendered afresh (every other picture once,
 * 10 connections), against the ceiling: the same server process sending the first picture page's
 * HTML as a string it already holds (page-render-server.mjs). The server is the build (`npm run
 * build` first), on a fresh PostgreSQL database with `offers` bulk offers. No figures, with a
 * message, without PostgreSQL.
 */
export async function measurePageRender(options: PageRenderBenchOptions): Promise<Figure[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(adminUrl))) {
    console.error('bench: page rendering skipped: it needs PostgreSQL (set BENCH_DATABASE_URL).');
    return [];
  }
  const { seconds } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'pictura-render-'));
  const fresh = await createFreshDatabase(adminUrl, 'pictura_render');
  try {
    const started = Date.now();
    const { urlNames } = await seedCatalog(fresh.database, dataDir, options.offers);
    const popular = urlNames.slice(0, POPULAR_PAGES);
    const unseen = urlNames.slice(POPULAR_PAGES);
    const port = await freePort();
    const server = startServer(
      { BENCH_DATABASE_URL: fresh.url, BENCH_DATA_DIR: dataDir, BENCH_PORT: String(port) },
      options.nodeArgs ?? [],
    );
    try {
      await server.next();
      const at = `${options.offers.toLocaleString('en-US')} offers`;
      console.error(
        `bench: page rendering, ${at} (seeded and started in ${Date.now() - started} ms)`,
      );
      const base = `http://127.0.0.1:${port}`;

      // Every popular page once, so that the measurement reads the cache only.
      for (const urlName of popular) {
        const response = await fetch(`${base}${paths.picture(urlName)}`);
        await response.arrayBuffer();
        if (response.status !== 200)
          throw new Error(`${urlName}'s page answered ${response.status}`);
      }
      const cached = await measureLoad(base, inTurn(popular), seconds, CONNECTIONS);
      const primed = await server.send({ prime: paths.picture(popular[0]!) });
      if (primed.primed !== 200) throw new Error(`the picture page answered ${primed.primed}`);
      const ceiling = await measureLoad(base, CEILING_PATH, seconds, CONNECTIONS);
      const uncached = await measureLoad(base, inTurn(unseen), seconds, UNCACHED_CONNECTIONS);
      const name = `picture page HTML (${at})`;
      return [
        ...loadFigures(name, cached, ceiling, {
          p99: P99_LIMIT_MS,
          minRatio: MIN_RATIO_TO_CEILING,
        }),
        { name: `${name} ceiling p99`, value: ceiling.p99, unit: 'ms' },
        {
          name: `${name} ceiling requests/s`,
          value: round(ceiling.requestsPerSecond),
          unit: 'req/s',
        },
        { name: `${name} answer size`, value: primed.bytes ?? 0, unit: 'bytes' },
        ...loadFigures(`picture page HTML, not cached (${at}, 10 connections)`, uncached, ceiling, {
          p99: UNCACHED_P99_LIMIT_MS,
        }),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await fresh.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
