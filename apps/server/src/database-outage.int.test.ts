// PostgreSQL going away under a running API process: a TCP proxy between them
// cuts the connections, both as a refused connection (PostgreSQL down) and as a silent network (a
// partition). Health turns 503 and requests fail cleanly with 503 instead of hanging; once the
// proxy forwards again the same process serves as before, without a restart.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, GENERAL_ERROR_KEY } from '@pictura/contract';
import { ALL_PRICES, seedTestCatalog } from './test/catalog.js';
import { STRONG_PASSWORD } from './test/index.js';
import {
  createSharedPostgres,
  freePort,
  signUpOver,
  startApiProcess,
  waitUntilHealthy,
  type ApiProcess,
  type SharedDatabase,
} from './test/processes.js';
import { startTcpProxy, type FaultMode, type TcpProxy } from './test/tcp-proxy.js';

const reason = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset';
if (reason) console.warn(`skipping the database outage test: ${reason} (it needs PostgreSQL)`);

/**
 * A request that gets no answer within this long hangs, which is the failure this test is for.
 * Generous: the server's own limits (connect 5 s, query 20 s) must answer well before it.
 */
const HANG_MS = 45_000;
const UNAVAILABLE = 'The service is temporarily unavailable.';

describe.skipIf(reason)(`${reason ? `[skipped: ${reason}] ` : ''}a database outage`, () => {
  let shared: SharedDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let dataDir: string | undefined;
  let api: ApiProcess | undefined;
  let shopper = { email: '', accessToken: '' };

  beforeAll(async () => {
    shared = await createSharedPostgres();
    await seedTestCatalog(shared.database.db);
    const direct = new URL(shared.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(shared.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-outage-'));
    api = startApiProcess('api behind the proxy', {
      databaseUrl: viaProxy.toString(),
      port: await freePort(),
      dataDir,
      jwtSecret: 'database-outage-secret-0123456789abcdef',
      // The API also runs the job workers here: their polling must survive the outage too.
      env: { WORKER: '1' },
    });
    await waitUntilHealthy(api, `${api.url}${apiPaths.health}`, 60_000);
    shopper = await signUpOver(api.url, shared!.database.db);
  }, 90_000);

  afterAll(async () => {
    await api?.stop();
    await proxy?.close();
    await shared?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${api!.url}${path}`, {
      ...init,
      signal: AbortSignal.timeout(HANG_MS),
    });
    return { response, body: (await response.json()) as unknown };
  };
  const health = () => call(apiPaths.health);
  // A search nobody made before: no cache can answer it, the database must.
  const search = () =>
    call(`${apiPaths.offers}?${ALL_PRICES}&Search=${randomBytes(6).toString('hex')}`);
  const signIn = () =>
    call(apiPaths.accountsLogin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: shopper.email, password: STRONG_PASSWORD }),
    });
  const balance = () =>
    call(apiPaths.balance, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${shopper.accessToken}`,
      },
      body: JSON.stringify({ currency: 'EUR' }),
    });

  /** Polls health until it answers `status`; each poll is itself bounded by HANG_MS. */
  async function healthTurns(status: number): Promise<void> {
    const deadline = Date.now() + HANG_MS;
    for (;;) {
      const { response } = await health();
      if (response.status === status || Date.now() > deadline) {
        expect(response.status).toBe(status);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it.each<FaultMode>(['refuse', 'blackhole'])(
    'answers 503 while the connections are cut (%s) and recovers without a restart',
    async (mode) => {
      const pid = api!.child.pid;
      await healthTurns(200);

      proxy!.cut(mode);

      await healthTurns(503);
      expect((await health()).body).toEqual({ status: 'unhealthy', database: 'down' });
      // Several at once, as a shop's traffic is: each gets its 503, none waits forever.
      const during = await Promise.all([search(), signIn(), balance(), search()]);
      for (const { response, body } of during) {
        expect(response.status, JSON.stringify(body)).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(body).toEqual({
          errors: { [GENERAL_ERROR_KEY]: UNAVAILABLE },
          requestId: expect.any(String),
        });
      }

      proxy!.restore();

      await healthTurns(200);
      const [found, signedIn, funds] = await Promise.all([search(), signIn(), balance()]);
      expect(found.response.status).toBe(200);
      expect(signedIn.response.status).toBe(200);
      expect(funds.body).toEqual({ amount: 0, currency: 'EUR' });
      expect(api!.child.pid).toBe(pid);
      expect(api!.child.exitCode).toBeNull();
      expect(api!.output()).not.toMatch(/uncaught|unhandled/i);
    },
    120_000,
  );
});
