// Idempotency-Key on a money-moving route, proven on POST /api/balance/deposit.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { Db } from '../../infra/db/index.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import { requireUser } from '../accounts/index.js';
import { depositRequest, postDeposit, userIdOf } from '../../test/payments.js';
import { payments } from '../payments/index.js';
import { createIdempotency } from './idempotency.js';

async function paymentsOf(db: Db, user: TestUser): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.userId, userIdOf(user)));
  return row?.n ?? 0;
}

/** A stand-in for Stripe's API that refuses or opens Checkout Sessions in a scripted order. */
interface StripeStandIn {
  /** For STRIPE_API_URL, with PAYMENT_PROVIDER=stripe. */
  readonly url: string;
  /** Requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

/** The environment of an app whose provider is Stripe at `url` (test keys, never real ones). */
const stripeEnv = (url: string): Record<string, string> => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_stand_in_key',
  STRIPE_WEBHOOK_SECRET: 'whsec_stand_in_secret',
  STRIPE_API_URL: url,
});

/**
 * Starts a local Stripe stand-in. `replies` says, per request in turn, whether Stripe refuses it
 * (a 400, which the SDK does not retry) or opens a session; after the list it opens.
 * (test/fake-stripe.ts cannot fail once and then succeed, which the retry test needs.)
 */
async function startStripeStandIn(
  replies: readonly ('refuse' | 'open')[] = [],
): Promise<StripeStandIn> {
  let requests = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const reply = replies[requests] ?? 'open';
      requests += 1;
      response.setHeader('content-type', 'application/json');
      if (reply === 'refuse') {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No.' } }));
        return;
      }
      const id = `cs_test_${randomBytes(8).toString('hex')}`;
      response.end(
        JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.test/${id}` }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const standIns: StripeStandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

describeEachEngine('Idempotency-Key on deposits', (ctx) => {
  it('answers a retry with the same key with the first answer, and makes one payment', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const key = randomUUID();

    const first = await postDeposit(app, user, depositRequest(), key);
    const retry = await postDeposit(app, user, depositRequest(), key);

    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await paymentsOf(ctx.database.db, user)).toBe(1);
  });

  it('answers a retry from a turned phone (screen width and height swapped) as the same request', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const key = randomUUID();
    const upright = depositRequest({ screenWidth: 390, screenHeight: 844 });

    const first = await postDeposit(app, user, upright, key);
    const turned = await postDeposit(
      app,
      user,
      { ...upright, screenWidth: 844, screenHeight: 390 },
      key,
    );

    expect(turned.statusCode).toBe(200);
    expect(turned.headers['idempotent-replayed']).toBe('true');
    expect(turned.json()).toEqual(first.json());
    expect(await paymentsOf(ctx.database.db, user)).toBe(1);
  });

  it('makes a payment per request without a key, and per user with the same key', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const other = await signUp(app);
    const key = randomUUID();

    await postDeposit(app, user, depositRequest());
    await postDeposit(app, user, depositRequest());
    const mine = await postDeposit(app, user, depositRequest(), key);
    const theirs = await postDeposit(app, other, depositRequest(), key);

    expect(await paymentsOf(ctx.database.db, user)).toBe(3);
    expect(await paymentsOf(ctx.database.db, other)).toBe(1);
    expect(theirs.json()).not.toEqual(mine.json());
  });

  it('answers 409 for the same key with a different request, and makes nothing', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const key = randomUUID();

    await postDeposit(app, user, depositRequest({ depositAmount: 1_000 }), key);
    const changed = await postDeposit(app, user, depositRequest({ depositAmount: 9_000 }), key);

    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      errors: { '': 'This Idempotency-Key was used for a different request.' },
    });
    expect(await paymentsOf(ctx.database.db, user)).toBe(1);
  });

  it('answers 409 for the same key on another resource (the path counts, not only the route)', async () => {
    let runs = 0;
    const app = await ctx.buildApp({
      beforeReady: (instance) => {
        const idempotency = createIdempotency(ctx.database.db);
        instance.post(
          '/api/test-idempotency/:thingId/pay',
          { preValidation: requireUser, ...idempotency },
          async () => ({ run: ++runs }),
        );
      },
    });
    const user = await signUp(app);
    const key = randomUUID();
    const pay = (thingId: number) =>
      app.inject({
        method: 'POST',
        url: `/api/test-idempotency/${thingId}/pay`,
        headers: { ...bearer(user.accessToken), 'idempotency-key': key },
        payload: {},
      });

    expect((await pay(1)).json()).toEqual({ run: 1 });
    expect((await pay(1)).json()).toEqual({ run: 1 });
    const other = await pay(2);
    expect(other.statusCode).toBe(409);
    expect(runs).toBe(1);
  });

  it('makes one payment for 10 concurrent requests with one key', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const key = randomUUID();

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postDeposit(app, user, depositRequest(), key)),
    );

    // Each is the first answer (200) or "still being processed" (409); never a second payment.
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const links = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.body));
    expect(links.size).toBe(1);
    expect(await paymentsOf(ctx.database.db, user)).toBe(1);
    const settled = await postDeposit(app, user, depositRequest(), key);
    expect(settled.statusCode).toBe(200);
    expect(links.has(settled.body)).toBe(true);
  });

  it('frees the key after a 5xx, so that the retry really runs', async () => {
    const stripe = await startStripeStandIn(['refuse', 'open']);
    standIns.push(stripe);
    const app = await ctx.buildApp({ env: stripeEnv(stripe.url) });
    const user = await signUp(app);
    const key = randomUUID();

    const refused = await postDeposit(app, user, depositRequest(), key);
    const retried = await postDeposit(app, user, depositRequest(), key);

    expect(refused.statusCode).toBe(503);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ paymentLink: expect.stringMatching(/^https:\/\/checkout/) });
    expect(stripe.requests).toBe(2);
    // The refused attempt was settled as failed at once; only the retry's payment waits.
    const statuses = await ctx.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.userId, userIdOf(user)))
      .orderBy(payments.createdAt);
    expect(statuses.map((row) => row.status)).toEqual(['failed', 'pending']);
  });

  it('refuses a malformed key with 400 before doing anything', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const tooLong = await postDeposit(app, user, depositRequest(), 'k'.repeat(256));
    const withSpace = await postDeposit(app, user, depositRequest(), 'my key');

    expect(tooLong.statusCode).toBe(400);
    expect(withSpace.statusCode).toBe(400);
    expect(await paymentsOf(ctx.database.db, user)).toBe(0);
  });
});
