// Keys of a route that records what it made (POST /api/orders): what a retry finds after its first
// request died at each moment, set up here as the dead request left the row.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { AppError } from '../../lib/index.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import {
  balanceOf,
  creditBalance,
  orderRequest,
  ordersOf,
  postOrder,
  userIdOf,
} from '../../test/orders.js';
import { requireUser, userOf } from '../accounts/index.js';
import { createRecordingIdempotency, IDEMPOTENCY_RECORDED_LEASE_MS } from './idempotency.js';
import { idempotencyKeys } from './schema.js';

const stripes: FakeStripe[] = [];
afterEach(async () => {
  await Promise.all(stripes.splice(0).map((stripe) => stripe.close()));
});

describeEachEngine('an Idempotency-Key whose first request died', (ctx) => {
  let neonComet = 0;
  beforeAll(async () => {
    // Neon Comet, standard: EUR 3.00.
    neonComet = (await seedTestCatalog(ctx.database.db)).get('neon-comet')![0]!;
  });

  const keyRow = async (user: TestUser, key: string) => {
    const where = and(eq(idempotencyKeys.userId, userIdOf(user)), eq(idempotencyKeys.key, key));
    const [row] = await ctx.database.db.select().from(idempotencyKeys).where(where);
    if (!row) throw new Error(`no row for key ${key}`);
    return { row, where };
  };

  const body = () => orderRequest([neonComet], { payByBalance: true });

  /** The row a first request leaves when it dies after claiming `key`, before its transaction. */
  async function diedBeforeMakingAnything(user: TestUser, key: string, claimedAgoMs: number) {
    // The fingerprint of the same request, taken from another user's finished one.
    const app = await ctx.buildApp();
    const donor = await signUp(app);
    await postOrder(app, donor, body(), key);
    const { row } = await keyRow(donor, key);
    await ctx.database.db.insert(idempotencyKeys).values({
      userId: userIdOf(user),
      key,
      fingerprint: row.fingerprint,
      createdAt: new Date(Date.now() - claimedAgoMs),
    });
  }

  it('keeps the key while the lease runs, then lets the retry take it over and pay once', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 300, 'EUR');
    const [fresh, stale] = [randomUUID(), randomUUID()];
    await diedBeforeMakingAnything(user, fresh, 0);
    await diedBeforeMakingAnything(user, stale, IDEMPOTENCY_RECORDED_LEASE_MS + 1_000);

    const early = await postOrder(app, user, body(), fresh);
    const late = await postOrder(app, user, body(), stale);
    const again = await postOrder(app, user, body(), stale);

    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      errors: { '': 'A request with this Idempotency-Key is still being processed.' },
    });
    expect(late.statusCode).toBe(200);
    expect(again.json()).toEqual(late.json());
    const orders = await ordersOf(app, user);
    expect(orders.map(({ status }) => status)).toEqual(['paid']);
    expect(await balanceOf(app, user, 'EUR')).toBe(0);
  });

  it('answers a retry from the order the first request made, when it died before answering', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 300, 'EUR');
    const key = randomUUID();
    const first = await postOrder(app, user, body(), key);
    // As if the process died between the order's commit and recording the answer.
    const { row, where } = await keyRow(user, key);
    expect(row.resource).toEqual(expect.any(String));
    await ctx.database.db.update(idempotencyKeys).set({ status: null, body: null }).where(where);

    const retry = await postOrder(app, user, body(), key);

    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(app, user)).toHaveLength(1);
    expect(await balanceOf(app, user, 'EUR')).toBe(0);
  });

  it('makes a first request that lost its key to a retry roll back with 409', async () => {
    const usurper = randomUUID();
    const app = await ctx.buildApp({
      beforeReady: (instance) => {
        const keys = createRecordingIdempotency(ctx.database.db, async () => ({
          status: 200,
          body: {},
        }));
        instance.post(
          '/api/test-recorded-claims',
          { preValidation: requireUser, preHandler: keys.preHandler, onSend: keys.onSend },
          async (request) => {
            // A retry takes the key over while this request is still before its transaction.
            await ctx.database.db
              .update(idempotencyKeys)
              .set({ claim: usurper })
              .where(eq(idempotencyKeys.userId, userOf(request).id));
            await ctx.database.db.transaction((tx) => keys.record(request, tx, 'made'));
            return { made: true };
          },
        );
      },
    });
    const user = await signUp(app);
    const key = randomUUID();

    const response = await app.inject({
      method: 'POST',
      url: '/api/test-recorded-claims',
      headers: { ...bearer(user.accessToken), 'idempotency-key': key },
      payload: {},
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      errors: { '': 'A retry with this Idempotency-Key took this request over.' },
    });
    // The retry's claim stands, untouched by the loser's answer.
    const { row } = await keyRow(user, key);
    expect(row).toMatchObject({ claim: usurper, resource: null, status: null });
  });

  it('keeps the answer of a 5xx that came after the order was made: the retry places nothing', async () => {
    // A provider that refuses every session (this shop's key is not its key).
    const stripe = await startFakeStripe('sk_test_another_shop');
    stripes.push(stripe);
    const app = await ctx.buildApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_stand_in_key',
        STRIPE_WEBHOOK_SECRET: 'whsec_stand_in_secret',
        STRIPE_API_URL: stripe.url,
      },
    });
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 100, 'EUR');
    const key = randomUUID();

    const first = await postOrder(app, user, body(), key);
    const sessionsAsked = stripe.requests.length;
    const retry = await postOrder(app, user, body(), key);

    expect(first.statusCode).toBe(503);
    expect(retry.statusCode).toBe(503);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(stripe.requests).toHaveLength(sessionsAsked);
    // One order, failed when the provider refused, its balance part given back once.
    const orders = await ordersOf(app, user);
    expect(orders.map(({ status }) => status)).toEqual(['failed']);
    expect(await balanceOf(app, user, 'EUR')).toBe(100);
  });

  it('still frees the key of a 5xx that came before anything was made', async () => {
    let runs = 0;
    const app = await ctx.buildApp({
      beforeReady: (instance) => {
        const keys = createRecordingIdempotency(ctx.database.db, async () => ({
          status: 200,
          body: {},
        }));
        instance.post(
          '/api/test-recorded-failures',
          { preValidation: requireUser, preHandler: keys.preHandler, onSend: keys.onSend },
          async (request) => {
            runs += 1;
            // The first run fails before its transaction, the second makes its resource.
            if (runs === 1) throw new AppError('SERVICE_UNAVAILABLE');
            await ctx.database.db.transaction((tx) => keys.record(request, tx, 'made'));
            return { made: runs };
          },
        );
      },
    });
    const user = await signUp(app);
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/test-recorded-failures',
        headers: { ...bearer(user.accessToken), 'idempotency-key': 'one-attempt' },
        payload: {},
      });

    const failed = await post();
    const retried = await post();
    const replayed = await post();

    expect(failed.statusCode).toBe(503);
    expect(retried.json()).toEqual({ made: 2 });
    expect(replayed.json()).toEqual({ made: 2 });
    expect(runs).toBe(2);
  });
});
