// An open-loop load generator: requests leave on a fixed schedule whether or not earlier ones have
// been answered, as independent shoppers' requests do. A slow server therefore meets a growing
// queue, and each latency is counted from when its request was due, not from when a free
// connection let it leave (no coordinated omission). autocannon's rate limit sends each second's
// share in a burst at the start of the second instead.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface PlannedRequest {
  /** What the request stands for in the report, e.g. `search`. */
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Called with the answer; not called after a transport error or a timeout. Throwing counts the
   * request as failed (`BAD_ANSWER`).
   */
  onAnswer?: (answer: Answer) => void;
}

export interface KindStats {
  statuses: Map<number, number>;
  /** From when each request was due to the end of its answer. */
  latenciesMs: number[];
  /** Transport errors (refused, reset), timeouts and unusable answers, by code. */
  failures: Map<string, number>;
}

export interface OpenLoopResult {
  planned: number;
  answered: number;
  failed: number;
  /** From the first request's departure to the last answer. */
  elapsedMs: number;
  kinds: Map<string, KindStats>;
}

export interface OpenLoopOptions {
  baseUrl: string;
  ratePerSecond: number;
  seconds: number;
  /** The next request to send; called once per departure. */
  next: () => PlannedRequest;
  /** An answer not finished after this long counts as a timeout. */
  timeoutMs?: number;
  /** Connections kept to the server; requests beyond wait for one (and that wait counts). */
  maxSockets?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function statsOf(kinds: Map<string, KindStats>, kind: string): KindStats {
  let stats = kinds.get(kind);
  if (!stats) {
    stats = { statuses: new Map(), latenciesMs: [], failures: new Map() };
    kinds.set(kind, stats);
  }
  return stats;
}

const increment = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** Sends `ratePerSecond` requests a second, evenly spaced, for `seconds`, and waits for the last. */
export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 128 });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.round(options.ratePerSecond * options.seconds);
  const intervalMs = 1000 / options.ratePerSecond;
  const kinds = new Map<string, KindStats>();
  const inFlight = new Set<Promise<void>>();
  let answered = 0;
  let failed = 0;
  let lastSettled = 0;

  const send = (planned: PlannedRequest, dueAt: number) =>
    new Promise<void>((resolve) => {
      const stats = statsOf(kinds, planned.kind);
      // An answer cut short can report both an error and the request's own: count it once.
      let settled = false;
      const fail = (code: string) => {
        if (settled) return;
        settled = true;
        failed += 1;
        increment(stats.failures, code);
        lastSettled = performance.now();
        resolve();
      };
      const request = http.request(
        `${options.baseUrl}${planned.path}`,
        {
          method: planned.method,
          agent,
          headers: {
            ...(planned.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...planned.headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (err: NodeJS.ErrnoException) => fail(err.code ?? err.message));
          response.on('end', () => {
            if (settled) return;
            settled = true;
            lastSettled = performance.now();
            answered += 1;
            const status = response.statusCode ?? 0;
            increment(stats.statuses, status);
            stats.latenciesMs.push(lastSettled - dueAt);
            try {
              planned.onAnswer?.({
                status,
                headers: response.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              });
            } catch {
              // An answer the client cannot use (say, a 200 that is not the promised JSON).
              failed += 1;
              increment(stats.failures, 'BAD_ANSWER');
            }
            resolve();
          });
        },
      );
      request.setTimeout(timeoutMs, () =>
        request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      );
      request.on('error', (err: NodeJS.ErrnoException) => fail(err.code ?? err.message));
      request.end(planned.body);
    });

  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && started + sent * intervalMs <= now) {
      const pending = send(options.next(), started + sent * intervalMs);
      inFlight.add(pending);
      void pending.then(() => inFlight.delete(pending));
      sent += 1;
    }
    await sleep(Math.max(1, started + sent * intervalMs - performance.now()));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { planned: total, answered, failed, elapsedMs: lastSettled - started, kinds };
}

/** The value below which `share` (0..1) of the sorted values lie (nearest rank). */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)));
  return sorted[rank - 1] ?? 0;
}
