// SIGTERM to a real API process, as an orchestrator stops it in a deploy: the
// checkouts it is running finish and are paid, it stops taking connections at once, a request
// that arrives meanwhile gets 503, and it exits with 0. (lifecycle.int.test.ts covers the same
// stop in-process; this proves the signal wiring of main.ts.)
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import { balances } from './modules/ledger/index.js';
import { orders } from './modules/orders/index.js';
import { paidOrderLink } from './modules/orders/place-order.js';
import { creditBalance, orderRequest } from './test/orders.js';
import { ledgerSums, userIdOf } from './test/payments.js';
import {
  createSharedPostgres,
  freePort,
  signUpOver,
  startApiProcess,
  waitUntilHealthy,
  type ApiProcess,
  type SharedDatabase,
} from './test/processes.js';

const reason = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset';
if (reason) console.warn(`skipping the process signal test: ${reason} (it needs PostgreSQL)`);

const CHECKOUTS = 5;
/** Red Fox, standard, in EUR. */
const PRICE = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a new TCP connection to `port` is accepted now. */
async function accepts(port: number): Promise<boolean> {
  const socket = connect(port, '127.0.0.1');
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false; // refused: nothing listens any more
  } finally {
    socket.destroy();
  }
}

describe.skipIf(reason)(`${reason ? `[skipped: ${reason}] ` : ''}SIGTERM to an API process`, () => {
  let shared: SharedDatabase | undefined;
  let dataDir: string | undefined;
  let api: ApiProcess | undefined;
  let lateClient: Socket | undefined;

  beforeAll(async () => {
    shared = await createSharedPostgres();
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-signals-'));
  });

  afterAll(async () => {
    lateClient?.destroy();
    await api?.stop();
    await shared?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** Backends of the test's database waiting for a lock: checkouts queued behind the test's. */
  async function waitingForLocks(): Promise<number> {
    const result = await shared!.database.db.execute(sql`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    return Number(result.rows[0]?.waiting ?? 0);
  }

  it('finishes the checkouts in flight, refuses new connections and exits with 0', async () => {
    const port = await freePort();
    api = startApiProcess('api to stop', {
      databaseUrl: shared!.url,
      port,
      dataDir: dataDir!,
      jwtSecret: 'process-signals-secret-0123456789abcdef',
    });
    await waitUntilHealthy(api, `${api.url}${apiPaths.health}`, 60_000);
    const user = await signUpOver(api.url, shared!.database.db);
    await creditBalance(shared!.database.db, user, PRICE * CHECKOUTS, 'EUR');

    // The test holds the balance row's lock: checkouts paying by balance wait for it, in flight.
    const { database } = shared!;
    if (database.kind !== 'postgres') throw new Error('the shared database is PostgreSQL');
    const holder = await database.client.connect();
    await holder.query('begin');
    await holder.query(
      'select amount from balances where user_id = $1 and currency = $2 for update',
      [userIdOf(user), 'EUR'],
    );
    const checkouts = Array.from({ length: CHECKOUTS }, () =>
      fetch(`${api!.url}${apiPaths.orders}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${user.accessToken}`,
        },
        // Gift cards of Red Fox's price: a paid picture cannot be bought again.
        body: JSON.stringify(orderRequest([], { giftCardAmount: 500, payByBalance: true })),
      }),
    );
    while ((await waitingForLocks()) < CHECKOUTS) await sleep(20);
    // A client connected and half-way through its request when the stop begins.
    lateClient = connect(port, '127.0.0.1');
    await once(lateClient, 'connect');
    lateClient.write(`GET ${apiPaths.health} HTTP/1.1\r\nHost: localhost\r\n`);

    const exited = once(api.child, 'exit');
    api.child.kill('SIGTERM');
    while (await accepts(port)) await sleep(20);
    lateClient.end('\r\n');
    const [lateResponse] = (await once(lateClient, 'data')) as [Buffer];

    expect(lateResponse.toString()).toMatch(/^HTTP\/1\.1 503 /);
    // Not listening, yet still running: the checkouts hold it up.
    expect(api.child.exitCode).toBeNull();

    await holder.query('commit');
    holder.release();
    const answers = await Promise.all(checkouts);
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];

    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const paid = await shared!.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.userId, userIdOf(user)));
    expect(paid.map(({ status }) => status)).toEqual(Array(CHECKOUTS).fill('paid'));
    const links = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(CHECKOUTS).fill(200));
    expect(links).toEqual(
      expect.arrayContaining(paid.map(({ id }) => ({ paymentLink: paidOrderLink(api!.url, id) }))),
    );
    const [balance] = await shared!.database.db
      .select({ amount: balances.amount })
      .from(balances)
      .where(and(eq(balances.userId, userIdOf(user)), eq(balances.currency, 'EUR')));
    expect(balance?.amount).toBe(0);
    const [sum] = await ledgerSums(shared!.database.db, [userIdOf(user)]);
    expect(sum).toMatchObject({ balance: 0, entriesSum: 0 });
  }, 120_000);
});
