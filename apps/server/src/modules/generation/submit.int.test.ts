import { and, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import {
  apiPaths,
  ErrorBodySchema,
  GenerationAcceptedSchema,
  GenerationPriceListSchema,
} from '@pictura/contract';
import { bearer, describeEachEngine, randomIp, signUp } from '../../test/index.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  GatedGenerator,
  generationRequest,
  ledgerEntriesOfJob,
  ONE_STANDARD_EUR,
  submitGeneration,
} from '../../test/generation.js';
import { balanceOfUser, fundBalance, userIdOf } from '../../test/payments.js';
import { idempotencyKeys } from '../idempotency/index.js';

describeEachEngine('POST /api/generated-images', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  // A gate that never opens: submitted jobs stay queued or running, so only the hold is tested here.
  const tuning = () => fastTuning({ generator: new GatedGenerator() });

  it('lists the price of every quality and count in both currencies, to anyone', async () => {
    const app = await ctx.buildApp({ generation: tuning() });
    const response = await app.inject({ method: 'GET', url: apiPaths.generatedImagesPrices });

    expect(response.statusCode).toBe(200);
    const { prices, generator } = GenerationPriceListSchema.parse(response.json());
    // The test app runs the default, offline procedural generator: the page says so.
    expect(generator).toBe('procedural');
    expect(prices).toHaveLength(2 * 4 * 2);
    expect(prices).toContainEqual({ quality: 'standard', count: 1, currency: 'EUR', price: 199 });
    expect(prices).toContainEqual({ quality: 'high', count: 4, currency: 'USD', price: 1539 });
    // More pictures cost more in total but less each, and high quality more than standard.
    for (const { quality, count, currency, price } of prices) {
      const fewer = prices.find(
        (p) => p.quality === quality && p.currency === currency && p.count === count - 1,
      );
      if (fewer) expect(price / count).toBeLessThan(fewer.price / fewer.count);
      const standard = prices.find(
        (p) => p.quality === 'standard' && p.currency === currency && p.count === count,
      );
      if (quality === 'high') expect(price).toBeGreaterThan(standard!.price);
    }
  });

  it('answers 202 with the job, and holds the price from the balance as a visible entry', async () => {
    const app = await ctx.buildApp({ generation: tuning() });
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');

    const response = await submitGeneration(app, user, generationRequest({ count: 2 }));

    expect(response.statusCode).toBe(202);
    const accepted = GenerationAcceptedSchema.parse(response.json());
    expect(accepted.status).toBe('queued');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000 - 379);
    expect(await ledgerEntriesOfJob(ctx.database.db, accepted.id)).toEqual([
      { kind: 'generationHold', amount: -379 },
    ]);
    const history = await app.inject({
      method: 'GET',
      url: `${apiPaths.balanceHistory}?Currency=EUR`,
      headers: bearer(user.accessToken),
    });
    expect(history.json()).toMatchObject({
      entries: [
        { kind: 'generationHold', amount: -379, reference: `generation:${accepted.id}` },
        {},
      ],
    });
  });

  it('refuses too little balance with a field error on count, holding nothing', async () => {
    const app = await ctx.buildApp({ generation: tuning() });
    const user = await signUp(app);
    await fundBalance(app, user, 500, 'EUR');

    const response = await submitGeneration(app, user, generationRequest({ count: 4 }));

    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors).toEqual({
      count: 'Your balance is too low for this.',
    });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(500);
    // The other currency's balance is its own: nothing there pays for a USD request.
    const usd = await submitGeneration(app, user, generationRequest({ currency: 'USD' }));
    expect(usd.statusCode).toBe(400);
    const list = await app.inject({
      method: 'GET',
      url: apiPaths.generatedImages,
      headers: bearer(user.accessToken),
    });
    expect(list.json()).toEqual({ items: [], nextBefore: null });
  });

  it('refuses a prompt the moderation list names with a field error on prompt', async () => {
    const app = await ctx.buildApp({
      generation: tuning(),
      env: { MODERATION_BLOCKLIST: 'dragon, evil clown' },
    });
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');

    for (const prompt of ['A red DRAGON at dawn', 'an  evil clown']) {
      const response = await submitGeneration(app, user, generationRequest({ prompt }));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(ErrorBodySchema.parse(response.json()).errors)).toEqual(['prompt']);
    }
    // A whole-word list: other words containing the letters pass.
    const fine = await submitGeneration(
      app,
      user,
      generationRequest({ prompt: 'Dragonfly wings' }),
    );
    expect(fine.statusCode).toBe(202);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000 - ONE_STANDARD_EUR);
  });

  it('validates the body with the contract and needs a signed-in user', async () => {
    const app = await ctx.buildApp({ generation: tuning() });
    const user = await signUp(app);

    const bad = await submitGeneration(app, user, { ...generationRequest(), count: 9, price: 1 });
    expect(bad.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: apiPaths.generatedImages,
      payload: generationRequest(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 429 beyond GENERATION_RATE_LIMIT_MAX requests a minute from one IP', async () => {
    const app = await ctx.buildApp({
      generation: tuning(),
      env: { GENERATION_RATE_LIMIT_MAX: '2' },
    });
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');
    const remoteAddress = randomIp();

    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await submitGeneration(app, user, generationRequest(), { remoteAddress })).statusCode,
      );
    }

    expect(statuses).toEqual([202, 202, 429]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000 - 2 * ONE_STANDARD_EUR);
  });

  it('runs a request once per Idempotency-Key: a retry gets the same job and holds nothing more', async () => {
    const app = await ctx.buildApp({ generation: tuning() });
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');

    const first = await submitGeneration(app, user, generationRequest(), {
      idempotencyKey: 'gen-1',
    });
    const retry = await submitGeneration(app, user, generationRequest(), {
      idempotencyKey: 'gen-1',
    });
    const other = await submitGeneration(app, user, generationRequest({ count: 2 }), {
      idempotencyKey: 'gen-1',
    });

    expect(first.statusCode).toBe(202);
    expect(retry.statusCode).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(other.statusCode).toBe(409);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000 - ONE_STANDARD_EUR);
  });

  it('answers a retry from the job its first request made, when that request died before answering', async () => {
    const app = await ctx.buildApp({ generation: tuning() });
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');
    const first = await submitGeneration(app, user, generationRequest(), {
      idempotencyKey: 'gen-2',
    });
    // As if the process died between the hold's commit and recording the answer.
    const thisKey = and(
      eq(idempotencyKeys.userId, userIdOf(user)),
      eq(idempotencyKeys.key, 'gen-2'),
    );
    const [row] = await ctx.database.db.select().from(idempotencyKeys).where(thisKey);
    expect(row?.resource).toBe(GenerationAcceptedSchema.parse(first.json()).id);
    await ctx.database.db.update(idempotencyKeys).set({ status: null, body: null }).where(thisKey);

    const retry = await submitGeneration(app, user, generationRequest(), {
      idempotencyKey: 'gen-2',
    });

    expect(first.statusCode).toBe(202);
    expect(retry.statusCode).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // The same job, as it stands now (a worker may have started it meanwhile).
    expect(GenerationAcceptedSchema.parse(retry.json()).id).toBe(row?.resource);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000 - ONE_STANDARD_EUR);
  });
});
