import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { apiPaths, ORIENTATIONS, SORTS, STYLES } from '@pictura/contract';
import { loadFigures, measureLoad, round, type Load } from './load-figures.js';
import { CEILING_PATH, MESSAGE_PREFIX, type Command, type Message } from './catalog-protocol.js';
import type { Figure } from './report.js';

/** A typical gallery request: newest first, one orientation, a price range, one page of 24. */
export const TYPICAL_SEARCH =
  '/api/offers?Sort=NewToOld&Orientation=Horizontal&Style=None&From=0&To=5000&Currency=EUR&Page=1&PageSize=24';
const LATEST = '/api/offers/latest?Currency=EUR';
const detailPath = (urlName: string) =>
  `/api/offers/get-one?UrlName=${encodeURIComponent(urlName)}&Currency=EUR`;

// Budgets for the shop's catalog calls at 50 connections on PostgreSQL: at least half
// the requests per second of the same server sending a precomputed answer, p99 under 25 ms.
const CONNECTIONS = 50;
const MIN_RATIO_TO_CEILING = 0.5;
const P99_LIMIT_MS = 25;
// Searches no answer cache holds (each with its own price range and filters): the search's own
// work, which the gallery's server render waits for. Fewer connections, as a first visit is
// rarely 50 at once; our own budget: a fifth of the ceiling, p99 under 25 ms.
const UNCACHED_CONNECTIONS = 10;
const UNCACHED_MIN_RATIO_TO_CEILING = 0.2;
const UNCACHED_P99_LIMIT_MS = 25;
/** Offer pages visited in turn: the popular part of a large catalog. */
const POPULAR_OFFERS = 100;

export interface CatalogBenchOptions {
  /** Catalog sizes, growing: each step adds the offers that make up the difference. */
  sizes: number[];
  /** Seconds of load per measurement (after one second of warm-up). */
  seconds: number;
}

/** Drives the server process: commands on stdin, `BENCH {...}` answers on stdout. */
class ServerProcess {
  private readonly child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      fileURLToPath(new URL('catalog-server.ts', import.meta.url)),
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

const pick = <T>(values: readonly T[]): T | undefined =>
  values[Math.floor(Math.random() * values.length)];
const chance = (share: number) => Math.random() < share;

/**
 * Searches as a gallery asks them, each with a random price range, sort and page (1 to 3) and
 * some of orientation, style and category: answers no cache holds, so every one a full search.
 */
function variedSearches(categoryNames: readonly string[]): () => string {
  return () => {
    const from = 199 + 50 * Math.floor(Math.random() * 40);
    const query = new URLSearchParams({
      Sort: pick(SORTS) ?? 'NewToOld',
      From: String(from),
      To: String(from + 500 + 50 * Math.floor(Math.random() * 60)),
      Currency: chance(0.5) ? 'EUR' : 'USD',
      Page: String(1 + Math.floor(Math.random() * 3)),
      PageSize: '24',
    });
    const orientation = chance(0.5) ? pick(ORIENTATIONS) : undefined;
    const style = chance(0.4) ? pick(STYLES) : undefined;
    const category = chance(0.4) ? pick(categoryNames) : undefined;
    if (orientation) query.set('Orientation', orientation);
    if (style) query.set('Style', style);
    if (category) query.set('Category', category);
    return `${apiPaths.offers}?${query}`;
  };
}

function ceilingFigures(name: string, ceiling: Load, bytes: number): Figure[] {
  return [
    { name: `${name} ceiling p99`, value: ceiling.p99, unit: 'ms' },
    { name: `${name} ceiling requests/s`, value: round(ceiling.requestsPerSecond), unit: 'req/s' },
    { name: `${name} answer size`, value: bytes, unit: 'bytes' },
  ];
}

const label = (offers: number) => `${offers.toLocaleString('en-US')} offers`;

/** The gallery's category names, for varied searches. */
async function categoryNames(base: string): Promise<string[]> {
  const response = await fetch(`${base}${apiPaths.categories}`);
  return ((await response.json()) as { urlName: string }[]).map((category) => category.urlName);
}

/** Url names of the newest offers, for the offer page measurement. */
async function popularOffers(base: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; names.length < POPULAR_OFFERS; page += 1) {
    const response = await fetch(
      `${base}/api/offers?Sort=NewToOld&From=0&To=1000000&Currency=EUR&Page=${page}&PageSize=48`,
    );
    const body = (await response.json()) as { items: { urlName: string }[] };
    if (body.items.length === 0) break;
    names.push(...body.items.map((item) => item.urlName));
  }
  return names.slice(0, POPULAR_OFFERS);
}

/**
 * p50 and p99 latency and requests per second of the shop's catalog calls (a typical search, an
 * offer page, the latest offers), each against the same server sending a precomputed answer of
 * the same size (the ceiling: everything but the catalog's own work), at each catalog size. The
 * server runs in a process of its own, on loopback; PostgreSQL when it answers, otherwise PGlite.
 */
export async function measureCatalogReads(
  options: CatalogBenchOptions,
): Promise<{ engine: string; figures: Figure[] }> {
  const server = new ServerProcess();
  const { seconds } = options;
  try {
    const ready = await server.next();
    const base = `http://127.0.0.1:${ready.port}`;
    const budgets = { p99: P99_LIMIT_MS, minRatio: MIN_RATIO_TO_CEILING };
    const figures: Figure[] = [];
    let seeded = 0;
    /** Measures `path` and, with its answer primed as the ceiling's body, the ceiling. */
    const measure = async (name: string, path: string | (() => string), sample: string) => {
      const primed = await server.send({ prime: sample });
      if (primed.primed !== 200) throw new Error(`${sample} answered ${primed.primed}`);
      const measured = await measureLoad(base, path, seconds, CONNECTIONS);
      const ceiling = await measureLoad(base, CEILING_PATH, seconds, CONNECTIONS);
      figures.push(
        ...loadFigures(name, measured, ceiling, budgets),
        ...ceilingFigures(name, ceiling, primed.bytes ?? 0),
      );
      return ceiling;
    };

    for (const size of options.sizes) {
      const started = Date.now();
      await server.send({ seed: size - seeded });
      seeded = size;
      const at = label(size);
      console.error(`bench: ${at} on ${ready.engine} (seeded in ${Date.now() - started} ms)`);

      const searchCeiling = await measure(`search (${at})`, TYPICAL_SEARCH, TYPICAL_SEARCH);
      const uncached = await measureLoad(
        base,
        variedSearches(await categoryNames(base)),
        seconds,
        UNCACHED_CONNECTIONS,
      );
      figures.push(
        ...loadFigures(`search, not cached (${at}, 10 connections)`, uncached, searchCeiling, {
          p99: UNCACHED_P99_LIMIT_MS,
          minRatio: UNCACHED_MIN_RATIO_TO_CEILING,
        }),
      );
      const offers = await popularOffers(base);
      let turn = 0;
      const nextOffer = () => detailPath(offers[turn++ % offers.length]!);
      await measure(`offer page (${at})`, nextOffer, detailPath(offers[0]!));
      await measure(`latest offers (${at})`, LATEST, LATEST);
    }
    return { engine: ready.engine ?? 'unknown', figures };
  } finally {
    await server.stop();
  }
}
