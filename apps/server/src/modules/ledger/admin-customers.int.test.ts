// A customer's money in the back office: find customers by address with their
// balances, and read one customer's ledger entries per currency, a page at a time.
import { expect, it } from 'vitest';
import {
  adminApiPaths,
  adminApiPathTo,
  AdminCustomerListSchema,
  AdminCustomerSchema,
  LEDGER_PAGE_SIZE,
  LedgerHistorySchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import { creditBalance, userIdOf } from '../../test/orders.js';

describeEachEngine("a customer's ledger in the back office", (ctx) => {
  const get = (app: App, who: TestUser, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });

  it('finds customers by a part of their address, with a balance per currency', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const customer = await signUp(app);
    await creditBalance(ctx.database.db, customer, 1_250, 'USD');
    const part = customer.email.split('@')[0]?.slice(-8).toUpperCase() ?? '';

    const response = await get(app, admin, `${adminApiPaths.customers}?Email=${part}`);

    expect(response.statusCode).toBe(200);
    const list = AdminCustomerListSchema.parse(response.json());
    expect(list.customers).toEqual([
      {
        id: userIdOf(customer),
        email: customer.email,
        createdAt: expect.any(String),
        balances: [
          { currency: 'EUR', amount: 0 },
          { currency: 'USD', amount: 1_250 },
        ],
      },
    ]);
    expect(list.more).toBe(false);
    expect((await get(app, admin, `${adminApiPaths.customers}?Email=`)).statusCode).toBe(400);
  });

  it('answers one customer and their ledger, newest first, by page; unknown ids are 404', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const customer = await signUp(app);
    for (let index = 1; index <= LEDGER_PAGE_SIZE + 2; index++) {
      await creditBalance(ctx.database.db, customer, index, 'EUR');
    }
    const id = userIdOf(customer);

    const one = AdminCustomerSchema.parse(
      (await get(app, admin, adminApiPathTo.customer(id))).json(),
    );
    expect(one.balances).toContainEqual({
      currency: 'EUR',
      amount: ((LEDGER_PAGE_SIZE + 2) * (LEDGER_PAGE_SIZE + 3)) / 2,
    });

    const first = LedgerHistorySchema.parse(
      (await get(app, admin, `${adminApiPathTo.customerLedger(id)}?Currency=EUR`)).json(),
    );
    expect(first.entries).toHaveLength(LEDGER_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ amount: LEDGER_PAGE_SIZE + 2, kind: 'deposit' });
    const second = LedgerHistorySchema.parse(
      (
        await get(
          app,
          admin,
          `${adminApiPathTo.customerLedger(id)}?Currency=EUR&Before=${first.nextBefore}`,
        )
      ).json(),
    );
    expect(second.entries.map((entry) => entry.amount)).toEqual([2, 1]);
    expect(second.nextBefore).toBeNull();
    const usd = LedgerHistorySchema.parse(
      (await get(app, admin, `${adminApiPathTo.customerLedger(id)}?Currency=USD`)).json(),
    );
    expect(usd.entries).toEqual([]);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(app, admin, adminApiPathTo.customer(unknown))).statusCode).toBe(404);
    expect(
      (await get(app, admin, `${adminApiPathTo.customerLedger(unknown)}?Currency=EUR`)).statusCode,
    ).toBe(404);
    expect((await get(app, admin, adminApiPathTo.customer('not-a-uuid'))).statusCode).toBe(400);
    expect(
      (await get(app, admin, `${adminApiPathTo.customerLedger(id)}?Currency=GBP`)).statusCode,
    ).toBe(400);
  });
});
