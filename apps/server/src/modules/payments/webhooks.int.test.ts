// The provider's webhooks: stored by event id, replays change nothing,
// amounts and currencies must match, signatures and timestamps are checked. Driven with deposits.
import { Writable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { apiPathTo, apiPaths } from '@pictura/contract';
import { buildApp, type App } from '../../app.js';
import { loggerOptions } from '../../logger.js';
import {
  bearer,
  describeEachEngine,
  registerTestApp,
  signUp,
  testConfig,
  type TestUser,
} from '../../test/index.js';
import {
  balanceOfUser,
  deliverSandboxEvent,
  newEventId,
  postSandboxWebhook,
  signedSandboxWebhook,
  startDeposit,
  testSandboxKeys,
  userIdOf,
} from '../../test/payments.js';
import { ledgerEntries } from '../ledger/index.js';
import { paymentEvents } from './index.js';

const INVALID_SIGNATURE = { errors: { '': 'Invalid webhook signature.' } };

const statusOf = async (app: App, user: TestUser, paymentId: string) =>
  (
    await app.inject({
      method: 'GET',
      url: apiPathTo.payment(paymentId),
      headers: bearer(user.accessToken),
    })
  ).json<{ status: string }>().status;

describeEachEngine('payment webhooks', (ctx) => {
  const logged: App[] = [];
  afterEach(async () => {
    await Promise.all(logged.splice(0).map((app) => app.close()));
  });

  /** An app whose log lines (warnings and up) are collected in `lines`. */
  async function appWithLog(): Promise<{ app: App; lines: () => { msg: string }[] }> {
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw.push(chunk.toString());
        done();
      },
    });
    const logger = pino(loggerOptions({ logLevel: 'warn', nodeEnv: 'test' }), stream);
    const app = await buildApp({ config: testConfig(), database: ctx.database, logger });
    // Its users are verified as buildTestApp's are (test/accounts.ts).
    registerTestApp(app, ctx.database);
    await app.ready();
    logged.push(app);
    return { app, lines: () => raw.map((line) => JSON.parse(line) as { msg: string }) };
  }

  const creditsOf = async (user: TestUser) => {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userIdOf(user)), eq(ledgerEntries.kind, 'deposit')));
    return row?.n ?? 0;
  };

  it('stores each event once by its id: 10 deliveries in a row credit once', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 3_000, 'EUR');
    const webhook = signedSandboxWebhook({ id: newEventId(), type: 'succeeded', ...deposit });

    const statuses = [];
    for (let delivery = 0; delivery < 10; delivery += 1) {
      statuses.push((await postSandboxWebhook(app, webhook)).statusCode);
    }

    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await balanceOfUser(app, user, 'EUR')).toBe(3_000);
    expect(await creditsOf(user)).toBe(1);
    const stored = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, deposit.paymentId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'sandbox', type: 'succeeded', outcome: 'applied' });
  });

  it('credits once for 10 deliveries at once, of one event and of ten different ones', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const same = await startDeposit(app, user, 1_000, 'USD');
    const different = await startDeposit(app, user, 2_000, 'USD');
    const webhook = signedSandboxWebhook({ id: newEventId(), type: 'succeeded', ...same });

    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => postSandboxWebhook(app, webhook)),
      ...Array.from({ length: 10 }, () =>
        deliverSandboxEvent(app, { type: 'succeeded', ...different }),
      ),
    ]);

    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 20 }, () => 200),
    );
    expect(await balanceOfUser(app, user, 'USD')).toBe(3_000);
    expect(await creditsOf(user)).toBe(2);
  });

  it('credits nothing and warns when the amount or the currency differs from the payment', async () => {
    const { app, lines } = await appWithLog();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 5_000, 'EUR');

    const more = await deliverSandboxEvent(app, {
      type: 'succeeded',
      ...deposit,
      amount: 50_000,
    });
    const dollars = await deliverSandboxEvent(app, {
      type: 'succeeded',
      ...deposit,
      currency: 'USD',
    });

    // Accepted (the provider must not retry a lie), but nothing applied.
    expect([more.statusCode, dollars.statusCode]).toEqual([200, 200]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    expect(await balanceOfUser(app, user, 'USD')).toBe(0);
    expect(await statusOf(app, user, deposit.paymentId)).toBe('pending');
    const warnings = lines().filter((line) => /amount or currency differs/.test(line.msg));
    expect(warnings).toHaveLength(2);
    // The genuine confirmation still credits the amount that was asked for.
    await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(5_000);
  });

  it('answers 400 to a bad signature, a stale or future timestamp, or none, and credits nothing', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 1_500, 'EUR');
    const id = newEventId();
    const event = { id, type: 'succeeded', ...deposit } as const;
    const now = Date.now();
    const genuine = signedSandboxWebhook(event);

    // A minute beyond the 300 s tolerance on either side: the server's clock reads later than `now`
    // by however long a busy machine takes to get there (the exact edges are unit-tested).
    const attempts = [
      signedSandboxWebhook(event, { key: testSandboxKeys().session }),
      signedSandboxWebhook(event, { now: new Date(now - 360_000) }),
      signedSandboxWebhook(event, { now: new Date(now + 360_000) }),
      { body: genuine.body.replace('1500', '1501'), headers: genuine.headers },
      { body: genuine.body, headers: { 'content-type': 'application/json' } },
      { body: genuine.body, headers: { ...genuine.headers, 'pictura-signature': 'garbage' } },
    ];
    const responses = [];
    for (const attempt of attempts) responses.push(await postSandboxWebhook(app, attempt));

    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_SIGNATURE);
    }
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    // A refused delivery does not use up its event id: the genuine one is still applied.
    expect((await postSandboxWebhook(app, genuine)).statusCode).toBe(200);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
  });

  it('accepts a signature made four minutes ago, within the tolerance', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 1_500, 'EUR');

    const response = await deliverSandboxEvent(
      app,
      { type: 'succeeded', ...deposit },
      { now: new Date(Date.now() - 240_000) },
    );

    expect(response.statusCode).toBe(200);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_500);
  });

  it('accepts and ignores an event about a payment it does not know', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const unknown = await deliverSandboxEvent(app, {
      type: 'succeeded',
      paymentId: '00000000-0000-4000-8000-000000000000',
      amount: 1_000,
      currency: 'EUR',
    });
    const notAnId = await deliverSandboxEvent(app, {
      type: 'succeeded',
      paymentId: 'order-12',
      amount: 1_000,
      currency: 'EUR',
    });

    expect([unknown.statusCode, notAnId.statusCode]).toEqual([200, 200]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
  });

  it("answers 404 for another provider's webhook path", async () => {
    const app = await ctx.buildApp();

    const response = await app.inject({
      method: 'POST',
      url: apiPathTo.paymentsWebhook('stripe'),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });

    expect(response.statusCode).toBe(404);
  });

  it("never credits from the shopper's return: the result page only reads", async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 2_000, 'EUR');

    // What a shopper (or someone faking a return) can do without the provider's signature.
    for (let visit = 0; visit < 3; visit += 1) {
      expect(await statusOf(app, user, deposit.paymentId)).toBe('pending');
    }
    const unsigned = await app.inject({
      method: 'POST',
      url: apiPathTo.paymentsWebhook('sandbox'),
      headers: bearer(user.accessToken),
      payload: { id: newEventId(), type: 'payment.succeeded', data: deposit },
    });
    const balanceCall = await app.inject({
      method: 'POST',
      url: apiPaths.balance,
      headers: bearer(user.accessToken),
      payload: { currency: 'EUR' },
    });

    expect(unsigned.statusCode).toBe(400);
    expect(balanceCall.json()).toEqual({ currency: 'EUR', amount: 0 });
    expect(await creditsOf(user)).toBe(0);
  });
});
