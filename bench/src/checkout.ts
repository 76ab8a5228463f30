// Checkout paying by balance on PostgreSQL, in orders per second, with every
// money invariant checked afterwards. The real server runs as a process of its own on a fresh
// database; autocannon places orders from many users at once, each with its own Idempotency-Key.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { apiPaths } from '@pictura/contract';
import { checkMoneyInvariants, describeViolations, moneyTotals } from './invariants.js';
import type { Figure } from './report.js';
import {
  createFreshDatabase,
  creditBalances,
  orderBody,
  createCartPicker,
  postgresAnswers,
  seedCatalog,
  signUpUsers,
} from './shop-fixture.js';
import { LOAD_CLIENT_LIMITS, startShopServer, type ShopServer } from './shop-server.js';

const PORT = 3841;
const OFFERS = 1_000;
// More users than connections, so that orders wait on each other only as much as real ones do.
const USERS = 100;
// Far more than any run spends (a variant costs at most 150.00), so every order is paid whole.
const BALANCE = 100_000_000;

export interface CheckoutBenchOptions {
  /** Seconds of load for the figure (after one second of warm-up). */
  seconds: number;
  connections: number;
}

/** Fails unless every order was paid whole by the balance and the ledger adds up. */
async function checkAfterwards(client: pg.Pool, answered: number): Promise<void> {
  const problems: string[] = [];
  const violations = await checkMoneyInvariants(client);
  if (violations.length > 0) problems.push(describeViolations(violations));
  const totals = await moneyTotals(client);
  const { paid = 0, ...others } = totals.orders;
  if (Object.keys(others).length > 0) {
    problems.push(`orders not paid: ${JSON.stringify(others)}`);
  }
  // Requests cut off when the load stopped may still have placed their order, never fewer.
  if (paid < answered) problems.push(`${answered} orders answered 200 but ${paid} are paid`);
  if (totals.deposited - totals.balances !== totals.paidOrdersTotal) {
    problems.push(
      `balances lost ${totals.deposited - totals.balances} but paid orders total ${totals.paidOrdersTotal}`,
    );
  }
  if (problems.length > 0) throw new Error(`checkout invariants broken:\n${problems.join('\n')}`);
}

/**
 * Orders per second and p99 latency of POST /api/orders paid whole by the balance, on PostgreSQL
 * (BENCH_DATABASE_URL, else the local server); no figures, with a message, when it does not answer.
 */
export async function measureCheckout(options: CheckoutBenchOptions): Promise<Figure[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(adminUrl))) {
    console.error('bench: checkout skipped: it needs PostgreSQL (set BENCH_DATABASE_URL).');
    return [];
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pictura-checkout-'));
  const fresh = await createFreshDatabase(adminUrl, 'pictura_checkout');
  let server: ShopServer | undefined;
  try {
    const catalog = await seedCatalog(fresh.database, dataDir, OFFERS);
    const cartOf = createCartPicker(catalog.attributeIds);
    server = await startShopServer({
      entry: 'source',
      port: PORT,
      databaseUrl: fresh.url,
      dataDir,
      env: LOAD_CLIENT_LIMITS,
    });
    const users = await signUpUsers(server.baseUrl, fresh.database, USERS);
    await creditBalances(
      fresh.database,
      users.map((user) => ({ userId: user.userId, amount: BALANCE })),
      'EUR',
    );
    console.error(`bench: checkout by balance, ${USERS} users, on postgres`);

    let turn = 0;
    const settings = {
      url: `${server.baseUrl}${apiPaths.orders}`,
      connections: options.connections,
      requests: [
        {
          setupRequest: (request: autocannon.Request): autocannon.Request => {
            const user = users[turn++ % users.length];
            if (!user) throw new Error('No users to place orders');
            return {
              ...request,
              method: 'POST',
              path: apiPaths.orders,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${user.accessToken}`,
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify(orderBody(cartOf(user, 1), 'EUR')),
            };
          },
        },
      ],
    };
    let answered = 0;
    let result: autocannon.Result | undefined;
    for (const duration of [1, options.seconds]) {
      result = await autocannon({ ...settings, duration });
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(
          `checkout: ${result.errors} errors, ${result.non2xx} answers other than 2xx`,
        );
      }
      answered += result['2xx'];
    }
    // Stopping drains what is still running, so the check reads finished work only.
    await server.stop();
    await checkAfterwards(fresh.database.client, answered);
    return [
      {
        name: 'checkout by balance orders/s',
        value: Math.round((result?.requests.average ?? 0) * 100) / 100,
        unit: 'orders/s',
      },
      { name: 'checkout by balance p99', value: result?.latency.p99 ?? 0, unit: 'ms' },
    ];
  } finally {
    await server?.stop();
    await fresh.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
