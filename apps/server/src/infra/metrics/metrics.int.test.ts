import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths } from '@pictura/contract';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachEngine, signUp, until } from '../../test/index.js';
import { depositRequest, postDeposit } from '../../test/payments.js';
import {
  labelSetsOf,
  parseMetrics,
  typeOf,
  valueOf,
  type Scrape,
} from '../../test/prometheus-text.js';
import { createMetricsRegistry } from './registry.js';
import { startMetricsServer, type MetricsServer } from './server.js';

const silent = { info() {}, warn() {}, error() {} };

// A web build whose server module draws every page the same way: enough for the render cache.
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'pictura-metrics-web-'));
  await mkdir(join(distDir, '.ssr'), { recursive: true });
  await writeFile(
    join(distDir, 'index.html'),
    [
      '<!doctype html><html lang="en"><head><title>Pictura</title>',
      '<meta name="description" content="Generic." /></head>',
      '<body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  await writeFile(
    join(distDir, '.ssr', 'entry-server.js'),
    `export async function renderPage() {
       return { status: 200, headHtml: '<title>A page</title>', html: '<h1>A page</h1>', payload: '{}', pages: [] };
     }`,
  );
});
afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describeEachEngine('Prometheus metrics at /metrics', (ctx) => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const serve = async () => {
    server = await startMetricsServer({
      registry: createMetricsRegistry(ctx.database, silent),
      host: '127.0.0.1',
      port: 0,
      log: silent,
    });
    return server;
  };
  const scrape = async (port: number): Promise<Scrape> => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    return parseMetrics(await response.text());
  };

  // A shop's worth of work on one app (sign-up, deposit, a page, a mail job): 60 s on a busy machine.
  it('serves the named series, and their values move with requests, payments and mail', async () => {
    const app = await ctx.buildApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: distDir } });
    const { port } = await serve();
    const before = await scrape(port);

    for (const name of ['pictura_http_request_duration_seconds', 'pictura_job_duration_seconds']) {
      expect(typeOf(before, name), name).toBe('HISTOGRAM');
    }
    expect(typeOf(before, 'pictura_page_render_cache_total')).toBe('COUNTER');
    for (const name of [
      'pictura_database_up',
      'pictura_payments',
      'pictura_payment_oldest_waiting_seconds',
      'pictura_mail_outbox_queued',
      'pictura_mail_outbox_oldest_queued_seconds',
      'pictura_queue_jobs',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ]) {
      expect(typeOf(before, name), name).toBe('GAUGE');
    }
    expect(valueOf(before, 'pictura_database_up')).toBe(1);
    expect(valueOf(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Every payment status is a series, zero or not, so that an alert has something to compare.
    expect(labelSetsOf(before, 'pictura_payments').map((labels) => labels.status)).toContain(
      'processing',
    );
    if (ctx.engine === 'postgres') {
      expect(typeOf(before, 'pictura_db_pool_connections')).toBe('GAUGE');
      expect(valueOf(before, 'pictura_db_pool_max')).toBe(10);
    }

    // Requests: counted by route pattern and status, never by raw address.
    const healthRoute = { route: apiPaths.health, method: 'GET', status: '200' };
    const healthBefore = valueOf(before, 'pictura_http_request_duration_seconds', healthRoute) ?? 0;
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: apiPaths.health });
    const unknownImage = await app.inject({
      method: 'GET',
      url: `${apiPaths.images}/no-such-key-${Date.now()}/480.webp`,
    });
    expect(unknownImage.statusCode).toBe(404);

    // A page rendered afresh, then from the cache.
    const cache = (families: Scrape, result: string) =>
      valueOf(families, 'pictura_page_render_cache_total', { result }) ?? 0;
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ method: 'GET', url: '/gallery' })).statusCode).toBe(200);
    }

    // A deposit waits as a pending payment; signing up queues a verification mail.
    const pending = (families: Scrape) =>
      valueOf(families, 'pictura_payments', { status: 'pending' }) ?? 0;
    const user = await signUp(app);
    const deposit = await postDeposit(app, user, depositRequest());
    expect(deposit.statusCode).toBe(200);

    const after = await scrape(port);
    expect(valueOf(after, 'pictura_http_request_duration_seconds', healthRoute)).toBe(
      healthBefore + 3,
    );
    const routes = labelSetsOf(after, 'pictura_http_request_duration_seconds').map(
      (labels) => labels.route,
    );
    expect(routes).toContain(`${apiPaths.images}/:imageKey/:file`);
    expect(routes.some((route) => route?.includes('no-such-key'))).toBe(false);
    expect(cache(after, 'miss')).toBe(cache(before, 'miss') + 1);
    expect(cache(after, 'hit')).toBe(cache(before, 'hit') + 1);
    expect(pending(after)).toBe(pending(before) + 1);
    expect(
      valueOf(after, 'pictura_payment_oldest_waiting_seconds', { status: 'pending' }),
    ).toBeGreaterThanOrEqual(0);

    // The mail worker of this app sends the verification mail: its job's duration is observed.
    await until('the mail job observed', async () => {
      const families = await scrape(port);
      return (valueOf(families, 'pictura_job_duration_seconds', { queue: 'mail' }) ?? 0) >
        (valueOf(before, 'pictura_job_duration_seconds', { queue: 'mail' }) ?? 0)
        ? families
        : undefined;
    });
  }, 60_000);

  it('answers only GET /metrics', async () => {
    const { port } = await serve();
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
