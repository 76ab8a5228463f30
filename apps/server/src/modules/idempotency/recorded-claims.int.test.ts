// Keys of a route that records what it made (POST /api/orders): what a retry finds after its first
// request died at each moment, set up here as the dead request left the row (issue 9, point 4).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { seedTestCatalog } from '../../test/catalog.js';
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
});
