// The sales report derives every figure from orders and generation jobs, so a
// paid order, a refund and a delivered generation show up in it without any counter of its own.
import { expect, it } from 'vitest';
import { adminApiPaths, SalesReportSchema, type SalesReport } from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  fastTuning,
  generationRequest,
  submitGeneration,
  waitForJob,
} from '../../test/generation.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import { creditBalance, orderRequest, placeOrder } from '../../test/orders.js';

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

describeEachEngine('back office: sales report', (ctx) => {
  const report = async (app: App, admin: TestUser, query = ''): Promise<SalesReport> => {
    const response = await app.inject({
      method: 'GET',
      url: `${adminApiPaths.sales}${query}`,
      headers: bearer(admin.accessToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return SalesReportSchema.parse(response.json());
  };
  const todayOf = (sales: SalesReport) => sales.days.find((day) => day.date === today());

  /** A customer buys variants with their balance: the order is paid at once. */
  const buy = async (app: App, customer: TestUser, ids: number[], currency: 'EUR' | 'USD') => {
    const link = await placeOrder(
      app,
      customer,
      orderRequest(ids, { currency, payByBalance: true }),
    );
    const orderId = Number(new URL(link, 'https://shop.example').searchParams.get('order'));
    expect(orderId).toBeGreaterThan(0);
    return orderId;
  };

  it('shows paid orders by day and currency, top offers, refunds and delivered generations', async () => {
    const app = await ctx.buildApp({ generation: fastTuning() });
    const admin = await signUpAdmin(app, ctx.database.db);
    const catalog = await seedTestCatalog(ctx.database.db);
    const [fox] = catalog.get('red-fox')!; // standard: EUR 5.00, USD 6.00
    const [owl, owlFull] = catalog.get('night-owl')!; // standard EUR 9.00, full EUR 27.00
    const before = await report(app, admin);

    const ann = await signUp(app);
    const bo = await signUp(app);
    await creditBalance(ctx.database.db, ann, 10_000, 'EUR');
    await creditBalance(ctx.database.db, bo, 10_000, 'EUR');
    await creditBalance(ctx.database.db, bo, 10_000, 'USD');
    await buy(app, ann, [owl!, owlFull!], 'EUR');
    const refunded = await buy(app, bo, [fox!], 'EUR');
    await buy(app, bo, [owl!], 'USD');
    // An order that is not paid (no balance used, the card payment still open) is no sale.
    await placeOrder(app, ann, orderRequest([fox!]));

    const job = await submitGeneration(app, ann, generationRequest());
    expect(job.statusCode, job.body).toBe(202);
    const jobId = (job.json() as { id: string }).id;
    expect((await waitForJob(app, ann, jobId)).status).toBe('succeeded');

    const refund = await app.inject({
      method: 'POST',
      url: `${adminApiPaths.orders}/${refunded}/refund`,
      headers: bearer(admin.accessToken),
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const after = await report(app, admin);
    const [was, is] = [todayOf(before)!, todayOf(after)!];
    // Revenue is gross: the refunded order stays in it, the refund is its own figure.
    expect(is.revenue.EUR - was.revenue.EUR).toBe(900 + 2700 + 500);
    expect(is.revenue.USD - was.revenue.USD).toBe(800);
    expect(is.refunds.EUR - was.refunds.EUR).toBe(500);
    expect(is.refunds.USD - was.refunds.USD).toBe(0);
    expect(is.orders - was.orders).toBe(3);
    expect(is.generations - was.generations).toBe(1);
    expect(after.totals.revenue.EUR - before.totals.revenue.EUR).toBe(4100);
    expect(after.totals.orders - before.totals.orders).toBe(3);

    // Night Owl: three variants sold, in two currencies; Red Fox: one.
    expect(after.topOffers.slice(0, 2)).toEqual([
      expect.objectContaining({
        urlName: 'night-owl',
        title: 'Night Owl',
        units: 3,
        revenue: { EUR: 3600, USD: 800 },
      }),
      expect.objectContaining({ urlName: 'red-fox', units: 1, revenue: { EUR: 500, USD: 0 } }),
    ]);

    // None of it happened in a range of past days.
    const past = await report(app, admin, `?From=${daysAgo(40)}&To=${daysAgo(35)}`);
    expect(past.days.map((day) => day.date)).toEqual(
      [40, 39, 38, 37, 36, 35].map((days) => daysAgo(days)),
    );
    expect(past.totals).toEqual({
      revenue: { EUR: 0, USD: 0 },
      refunds: { EUR: 0, USD: 0 },
      orders: 0,
      generations: 0,
    });
    expect(past.topOffers).toEqual([]);
  });

  it('covers the last 30 days up to today unless told otherwise', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);

    const sales = await report(app, admin);
    expect(sales).toMatchObject({ from: daysAgo(29), to: today() });
    expect(sales.days).toHaveLength(30);
    expect(sales.days[0]?.date).toBe(daysAgo(29));
    expect(sales.days.at(-1)?.date).toBe(today());

    const fromOnly = await report(app, admin, `?From=${daysAgo(9)}`);
    expect(fromOnly).toMatchObject({ from: daysAgo(9), to: today() });
    const toOnly = await report(app, admin, '?To=2025-03-30');
    expect(toOnly).toMatchObject({ from: '2025-03-01', to: '2025-03-30' });
  });

  it('refuses dates that are not dates, a reversed range and more than 366 days', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const cases: Array<[string, string]> = [
      ['From=2025-02-30', 'From'],
      ['To=yesterday', 'To'],
      ['From=2025-03-10&To=2025-03-09', 'To'],
      ['From=2024-01-01&To=2025-01-01', 'To'],
    ];
    for (const [query, field] of cases) {
      const response = await app.inject({
        method: 'GET',
        url: `${adminApiPaths.sales}?${query}`,
        headers: bearer(admin.accessToken),
      });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys((response.json() as { errors: object }).errors), query).toEqual([field]);
    }
    // 366 days (a leap year) is the most one report covers.
    expect((await report(app, admin, '?From=2024-01-01&To=2024-12-31')).days).toHaveLength(366);
  });
});
