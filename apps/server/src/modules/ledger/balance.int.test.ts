import { expect, it } from 'vitest';
import { apiPaths, LEDGER_PAGE_SIZE, LedgerHistorySchema, type Currency } from '@pictura/contract';
import type { App } from '../../app.js';
import type { Db } from '../../infra/db/index.js';
import { bearer, describeEachEngine, randomIp, signUp, type TestUser } from '../../test/index.js';
import { fundBalance, userIdOf } from '../../test/payments.js';
import { postLedgerEntry } from './index.js';

const balance = (app: App, user: TestUser | null, payload: object) =>
  app.inject({
    method: 'POST',
    url: apiPaths.balance,
    remoteAddress: randomIp(),
    headers: user ? bearer(user.accessToken) : {},
    payload,
  });

const history = (app: App, user: TestUser | null, query: string) =>
  app.inject({
    method: 'GET',
    url: `${apiPaths.balanceHistory}?${query}`,
    remoteAddress: randomIp(),
    headers: user ? bearer(user.accessToken) : {},
  });

/** Posts `amounts` in turn on the user's balance, each its own movement, as other modules would. */
async function post(db: Db, user: TestUser, currency: Currency, amounts: number[]) {
  for (const [index, amount] of amounts.entries()) {
    await db.transaction((tx) =>
      postLedgerEntry(tx, {
        userId: userIdOf(user),
        currency,
        amount,
        kind: amount > 0 ? 'deposit' : 'order',
        reference: `test:${userIdOf(user)}:${currency}:${index}`,
      }),
    );
  }
}

describeEachEngine('balance', (ctx) => {
  it('is zero in both currencies for a new user', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const eur = await balance(app, user, { currency: 'EUR' });
    const usd = await balance(app, user, { currency: 'USD' });

    expect(eur.statusCode).toBe(200);
    expect(eur.json()).toEqual({ currency: 'EUR', amount: 0 });
    expect(usd.json()).toEqual({ currency: 'USD', amount: 0 });
  });

  it('shows a paid deposit in its own currency only, and to its owner only', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const other = await signUp(app);

    await fundBalance(app, user, 1_250, 'EUR');
    await fundBalance(app, user, 700, 'USD');
    await fundBalance(app, user, 500, 'EUR');

    expect((await balance(app, user, { currency: 'EUR' })).json()).toEqual({
      currency: 'EUR',
      amount: 1_750,
    });
    expect((await balance(app, user, { currency: 'USD' })).json()).toEqual({
      currency: 'USD',
      amount: 700,
    });
    expect((await balance(app, other, { currency: 'EUR' })).json()).toEqual({
      currency: 'EUR',
      amount: 0,
    });
    expect((await history(app, other, 'Currency=EUR')).json()).toEqual({
      entries: [],
      nextBefore: null,
    });
  });

  it('answers 401 when signed out and 400 for an unknown or missing currency', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    expect((await balance(app, null, { currency: 'EUR' })).statusCode).toBe(401);
    expect((await history(app, null, 'Currency=EUR')).statusCode).toBe(401);
    expect((await balance(app, user, { currency: 'GBP' })).json()).toEqual({
      errors: { currency: expect.any(String) },
    });
    expect((await balance(app, user, {})).statusCode).toBe(400);
    expect((await history(app, user, 'Currency=GBP')).statusCode).toBe(400);
    expect((await history(app, user, 'Currency=EUR&Before=0')).statusCode).toBe(400);
  });
});

describeEachEngine('balance history', (ctx) => {
  it('lists movements newest first with the balance after each', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await post(ctx.database.db, user, 'EUR', [1_000, -300, 2_000]);
    await post(ctx.database.db, user, 'USD', [900]);

    const response = await history(app, user, 'Currency=EUR');

    expect(response.statusCode).toBe(200);
    const page = LedgerHistorySchema.parse(response.json());
    expect(
      page.entries.map(({ amount, balanceAfter, kind }) => [amount, balanceAfter, kind]),
    ).toEqual([
      [2_000, 2_700, 'deposit'],
      [-300, 700, 'order'],
      [1_000, 1_000, 'deposit'],
    ]);
    expect(page.entries.every((entry) => entry.currency === 'EUR')).toBe(true);
    expect(page.nextBefore).toBeNull();
  });

  it(`pages by Before and nextBefore, ${LEDGER_PAGE_SIZE} at a time, with no gap or overlap`, async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const count = LEDGER_PAGE_SIZE * 2 + 3;
    const amounts = Array.from({ length: count }, (_, index) => index + 1);
    await post(ctx.database.db, user, 'USD', amounts);

    const pages = [];
    let query = 'Currency=USD';
    for (;;) {
      const page = LedgerHistorySchema.parse((await history(app, user, query)).json());
      pages.push(page);
      if (page.nextBefore === null) break;
      // Query names are matched without regard to case (docs/decisions/foundation/README.md), as
      // the web client may send.
      query = `currency=USD&before=${page.nextBefore}`;
    }

    expect(pages.map((page) => page.entries.length)).toEqual([
      LEDGER_PAGE_SIZE,
      LEDGER_PAGE_SIZE,
      3,
    ]);
    const seen = pages.flatMap((page) => page.entries.map((entry) => entry.amount));
    expect(seen).toEqual([...amounts].reverse());
    const ids = pages.flatMap((page) => page.entries.map((entry) => entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(pages[0]?.nextBefore).toBe(pages[0]?.entries.at(-1)?.id);
  });

  it('ends on an exact page without offering an empty one', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await post(
      ctx.database.db,
      user,
      'EUR',
      Array.from({ length: LEDGER_PAGE_SIZE }, () => 100),
    );

    const page = LedgerHistorySchema.parse((await history(app, user, 'Currency=EUR')).json());

    expect(page.entries).toHaveLength(LEDGER_PAGE_SIZE);
    expect(page.nextBefore).toBeNull();
  });
});
