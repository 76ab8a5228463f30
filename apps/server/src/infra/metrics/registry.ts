import { PAYMENT_STATUSES } from '@pictura/contract';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Database } from '../db/index.js';
import { POOL_SIZE } from '../db/index.js';
import { httpRequestDuration, jobDuration, pageRenderCache } from './instruments.js';
import { readShopState, type ShopState } from './shop-state.js';

interface MetricsLogger {
  warn(details: object, message: string): void;
}

/** Payments that wait for the provider: how long the oldest has waited is the "stuck" signal. */
const WAITING_PAYMENT_STATUSES = ['pending', 'processing'] as const;

/**
 * The registry a process serves at /metrics: Node's own metrics (event-loop lag, memory, GC), the
 * instruments (HTTP, page cache, job durations) and gauges read from the database at each scrape,
 * so that every process reports the same shop-wide figures (payments, outbox, queue depth).
 */
export function createMetricsRegistry(database: Database, log: MetricsLogger): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(httpRequestDuration);
  registry.registerMetric(pageRenderCache);
  registry.registerMetric(jobDuration);

  // One scrape reads the database once: prom-client starts every gauge's `collect` together, so
  // they share the read in flight; the next scrape, started after it settled, reads afresh (a
  // time window instead would serve a scrape figures from before the requests it follows).
  let readInFlight: Promise<ShopState | undefined> | undefined;
  const shopState = (): Promise<ShopState | undefined> => {
    readInFlight ??= readShopState(database.db)
      .catch((err: unknown) => {
        // A scrape during an outage answers without the shop's figures (pictura_database_up 0).
        log.warn({ err }, 'metrics could not read the database');
        return undefined;
      })
      .finally(() => {
        readInFlight = undefined;
      });
    return readInFlight;
  };

  new Gauge({
    name: 'pictura_database_up',
    help: '1 when the last scrape could read the shop figures from the database, else 0.',
    registers: [registry],
    async collect() {
      this.set((await shopState()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'pictura_payments',
    help: 'Payments in the database by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const state = await shopState();
      if (!state) return;
      const counts = new Map(state.payments.map((row) => [row.status, row.count]));
      for (const status of PAYMENT_STATUSES) this.set({ status }, counts.get(status) ?? 0);
    },
  });
  new Gauge({
    name: 'pictura_payment_oldest_waiting_seconds',
    help: 'Age of the oldest payment still pending or processing (0 when there is none).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const state = await shopState();
      if (!state) return;
      const ages = new Map(state.oldestWaitingPayment.map((row) => [row.status, row.seconds]));
      for (const status of WAITING_PAYMENT_STATUSES) this.set({ status }, ages.get(status) ?? 0);
    },
  });
  new Gauge({
    name: 'pictura_mail_outbox_queued',
    help: 'Mails in the outbox waiting to be sent (first try or a retry).',
    registers: [registry],
    async collect() {
      this.reset();
      const state = await shopState();
      if (state) this.set(state.outbox.queued);
    },
  });
  new Gauge({
    name: 'pictura_mail_outbox_oldest_queued_seconds',
    help: 'Age of the oldest mail waiting to be sent (0 when none waits).',
    registers: [registry],
    async collect() {
      this.reset();
      const state = await shopState();
      if (state) this.set(state.outbox.oldestSeconds);
    },
  });
  new Gauge({
    name: 'pictura_queue_jobs',
    help: 'Jobs of the job queue not yet finished, by queue and state (created, retry, active).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const state = await shopState();
      for (const row of state?.queue ?? []) {
        this.set({ queue: row.queue, state: row.state }, row.count);
      }
    },
  });
  registerPoolGauges(registry, database);
  return registry;
}

/** node-postgres' pool (PostgreSQL only: PGlite is one in-process connection and has no pool). */
function registerPoolGauges(registry: Registry, database: Database): void {
  if (database.kind !== 'postgres') return;
  const pool = database.client;
  new Gauge({
    name: 'pictura_db_pool_connections',
    help: 'Connections of this process to PostgreSQL, by state (idle or in use).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'pictura_db_pool_waiting',
    help: 'Queries of this process waiting for a free PostgreSQL connection.',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'pictura_db_pool_max',
    help: 'Largest number of PostgreSQL connections this process opens.',
    registers: [registry],
    collect() {
      this.set(POOL_SIZE);
    },
  });
}
