// VAT on image generation: a charge captured from the balance includes the VAT of the country the
// user was billed in when submitting it, and the sales report lists it per month and country next to
// the artwork sold; a released hold sold nothing and carries none.
import { afterEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminApiPaths,
  apiPathTo,
  apiPaths,
  GenerationAcceptedSchema,
  SalesReportSchema,
  type Currency,
  type GenerationRequest,
  type SalesReport,
} from '@pictura/contract';
import type { App } from '../../app.js';
import type { Db } from '../../infra/db/index.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  abandonUnfinishedJobs,
  FailingGenerator,
  fastTuning,
  GatedGenerator,
  generationRequest,
  ledgerEntriesOfJob,
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
import { creditBalance, orderRequest, ordersOf, placeOrder } from '../../test/orders.js';

const JobVatSchema = z.object({
  status: z.string(),
  vat_country: z.string().nullable(),
  vat_rate: z.coerce.number(),
  vat_amount: z.coerce.number(),
});

async function vatOfJob(db: Db, jobId: string): Promise<z.infer<typeof JobVatSchema>> {
  const result = await db.execute(
    sql`select status, vat_country, vat_rate, vat_amount from generation_jobs where id = ${jobId}`,
  );
  return JobVatSchema.parse(result.rows[0]);
}

const finishedOn = (db: Db, jobIds: readonly string[], day: string) =>
  Promise.all(
    jobIds.map((id) =>
      db.execute(
        sql`update generation_jobs set finished_at = ${`${day}T12:00:00Z`}::timestamptz where id = ${id}`,
      ),
    ),
  );

describeEachEngine('VAT on image generation', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  const report = async (app: App, admin: TestUser, query: string): Promise<SalesReport> => {
    const response = await app.inject({
      method: 'GET',
      url: `${adminApiPaths.sales}${query}`,
      headers: bearer(admin.accessToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return SalesReportSchema.parse(response.json());
  };

  const billIn = async (app: App, user: TestUser, country: string) => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.accountsUpdateBilling,
      headers: bearer(user.accessToken),
      payload: { country, city: 'Somewhere', address1: 'Main Street 1', zipCode: '12345' },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** A user billed in `country` (none: no billing address), with money on the balance. */
  const customer = async (app: App, country: string | null, currency: Currency = 'EUR') => {
    const user = await signUp(app);
    if (country !== null) await billIn(app, user, country);
    await creditBalance(ctx.database.db, user, 10_000, currency);
    return user;
  };

  const generate = async (app: App, user: TestUser, request: Partial<GenerationRequest>) => {
    const response = await submitGeneration(app, user, generationRequest(request));
    expect(response.statusCode, response.body).toBe(202);
    return GenerationAcceptedSchema.parse(response.json()).id;
  };

  it('captures a Spanish generation with 21 % VAT, an American one with none, and reports them by month and country next to artwork', async () => {
    const app = await ctx.buildApp({ generation: fastTuning() });
    const admin = await signUpAdmin(app, ctx.database.db);
    const catalog = await seedTestCatalog(ctx.database.db);
    const [fox] = catalog.get('red-fox')!; // standard: EUR 5.00

    const spanish = await customer(app, 'ES');
    await placeOrder(app, spanish, orderRequest([fox!], { country: 'ES', payByBalance: true }));
    const [order] = await ordersOf(app, spanish);
    const esJob = await generate(app, spanish, { count: 3 }); // EUR 5.49
    const esFebJob = await generate(app, spanish, { count: 1 }); // EUR 1.99
    const american = await customer(app, 'US', 'USD');
    const usJob = await generate(app, american, { count: 1, currency: 'USD' }); // USD 2.19
    const germanUsd = await customer(app, 'DE', 'USD');
    const deJob = await generate(app, germanUsd, { count: 2, currency: 'USD' }); // USD 4.19
    for (const [user, id] of [
      [spanish, esJob],
      [spanish, esFebJob],
      [american, usJob],
      [germanUsd, deJob],
    ] as const) {
      expect((await waitForJob(app, user, id)).status).toBe('succeeded');
    }

    // 5.49 × 21/121 = 0.9528 → 0.95; 1.99 → 0.3454 → 0.35; 4.19 × 19/119 = 0.6690 → 0.67.
    expect(await vatOfJob(ctx.database.db, esJob)).toEqual({
      status: 'succeeded',
      vat_country: 'ES',
      vat_rate: 2100,
      vat_amount: 95,
    });
    expect(await vatOfJob(ctx.database.db, usJob)).toEqual({
      status: 'succeeded',
      vat_country: 'US',
      vat_rate: 0,
      vat_amount: 0,
    });
    expect(await vatOfJob(ctx.database.db, deJob)).toMatchObject({
      vat_rate: 1900,
      vat_amount: 67,
    });

    await ctx.database.db.execute(
      sql`update orders set paid_at = '2026-01-15T12:00:00Z' where id = ${order?.id ?? 0}`,
    );
    await finishedOn(ctx.database.db, [esJob, usJob, deJob], '2026-01-20');
    await finishedOn(ctx.database.db, [esFebJob], '2026-02-02');

    const sales = await report(app, admin, '?From=2026-01-01&To=2026-02-28');
    expect(sales.vat).toEqual([
      {
        month: '2026-01',
        country: 'DE',
        kind: 'generation',
        rate: 1900,
        currency: 'USD',
        gross: 419,
        vat: 67,
        lines: 1,
      },
      {
        month: '2026-01',
        country: 'ES',
        kind: 'artwork',
        rate: 2100,
        currency: 'EUR',
        gross: 500,
        vat: 87,
        lines: 1,
      },
      {
        month: '2026-01',
        country: 'ES',
        kind: 'generation',
        rate: 2100,
        currency: 'EUR',
        gross: 549,
        vat: 95,
        lines: 1,
      },
      {
        month: '2026-02',
        country: 'ES',
        kind: 'generation',
        rate: 2100,
        currency: 'EUR',
        gross: 199,
        vat: 35,
        lines: 1,
      },
    ]);
    // The American charge was captured (it is a generation of the day) but carries no EU VAT.
    expect(sales.totals.generations).toBe(4);
  });

  it('keeps the country of the submission when the billing address changes before the capture', async () => {
    const generator = new GatedGenerator();
    const app = await ctx.buildApp({ generation: fastTuning({ generator }) });
    const user = await customer(app, 'ES');
    const id = await generate(app, user, { count: 1 });
    await generator.started;
    await billIn(app, user, 'DE');
    generator.release();

    expect((await waitForJob(app, user, id)).status).toBe('succeeded');
    expect(await vatOfJob(ctx.database.db, id)).toEqual({
      status: 'succeeded',
      vat_country: 'ES',
      vat_rate: 2100,
      vat_amount: 35,
    });
  });

  it("taxes a user without a billing country at the shop's own country's rate", async () => {
    const app = await ctx.buildApp({
      env: { SHOP_VAT_NUMBER: 'FR12345678901' },
      generation: fastTuning(),
    });
    const user = await customer(app, null);
    const id = await generate(app, user, { count: 1 });

    expect((await waitForJob(app, user, id)).status).toBe('succeeded');
    // 1.99 × 20/120 = 0.3317 → 0.33.
    expect(await vatOfJob(ctx.database.db, id)).toEqual({
      status: 'succeeded',
      vat_country: 'FR',
      vat_rate: 2000,
      vat_amount: 33,
    });
  });

  /** The job released nothing but its hold, kept no VAT, and adds no row to its month's report. */
  async function expectNoVat(app: App, id: string, status: string, price: number, day: string) {
    expect(await vatOfJob(ctx.database.db, id)).toEqual({
      status,
      vat_country: 'ES',
      vat_rate: 2100,
      vat_amount: 0,
    });
    expect(await ledgerEntriesOfJob(ctx.database.db, id)).toEqual([
      { kind: 'generationHold', amount: -price },
      { kind: 'generationRelease', amount: price },
    ]);
    await finishedOn(ctx.database.db, [id], day);
    const admin = await signUpAdmin(app, ctx.database.db);
    const month = day.slice(0, 7);
    const sales = await report(app, admin, `?From=${month}-01&To=${month}-28`);
    expect(sales.vat).toEqual([]);
  }

  it('records no VAT for a failed generation, and the report shows none', async () => {
    const app = await ctx.buildApp({
      generation: fastTuning({ generator: new FailingGenerator(), retryLimit: 0 }),
    });
    const user = await customer(app, 'ES');
    const id = await generate(app, user, { count: 1 });
    expect((await waitForJob(app, user, id)).status).toBe('failed');
    await expectNoVat(app, id, 'failed', 199, '2026-03-10');
  });

  it('records no VAT for a cancelled generation, and the report shows none', async () => {
    const app = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await customer(app, 'ES');
    const id = await generate(app, user, { count: 2 });
    const cancel = await app.inject({
      method: 'POST',
      url: apiPathTo.generatedImageCancel(id),
      headers: bearer(user.accessToken),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expectNoVat(app, id, 'cancelled', 379, '2026-04-10');
  });
});
