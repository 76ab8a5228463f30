// The VAT part of the sales report: what a One-Stop-Shop return declares, per month of payment,
// EU billing country and rate, from the VAT each order line kept when it was placed.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminApiPathTo,
  adminApiPaths,
  apiPaths,
  CreditNoteListSchema,
  SalesReportSchema,
  type SalesReport,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import {
  creditBalance,
  orderRequest,
  ordersOf,
  placeOrder,
  settleOrder,
} from '../../test/orders.js';
import { deliverSandboxDispute, deliverSandboxReversal } from '../../test/payments.js';

describeEachEngine('back office: VAT per country and month', (ctx) => {
  const report = async (app: App, admin: TestUser, query: string): Promise<SalesReport> => {
    const response = await app.inject({
      method: 'GET',
      url: `${adminApiPaths.sales}${query}`,
      headers: bearer(admin.accessToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return SalesReportSchema.parse(response.json());
  };

  /** A customer billed in `country` buys with their balance: paid at once; answers the order id. */
  const buy = async (app: App, ids: number[], country: string, currency: 'EUR' | 'USD' = 'EUR') => {
    const customer = await signUp(app);
    await creditBalance(ctx.database.db, customer, 20_000, currency);
    await placeOrder(app, customer, orderRequest(ids, { country, currency, payByBalance: true }));
    const [order] = await ordersOf(app, customer);
    return order?.id ?? 0;
  };
  let seeded: Awaited<ReturnType<typeof seedTestCatalog>> | undefined;
  const catalogOnce = async () => (seeded ??= await seedTestCatalog(ctx.database.db));
  const paidOn = (orderId: number, day: string) =>
    ctx.database.db.execute(
      sql`update orders set paid_at = ${`${day}T12:00:00Z`}::timestamptz where id = ${orderId}`,
    );

  it('adds up gross and VAT per month, country, rate and currency; no rows outside the EU or for gift cards', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const catalog = await catalogOnce();
    const [fox] = catalog.get('red-fox')!; // standard: EUR 5.00, USD 6.00
    const [owl, owlFull] = catalog.get('night-owl')!; // standard EUR 9.00, full EUR 27.00

    // January: two Spanish orders (21 %), one German (19 %), one American (none), a gift card.
    const es1 = await buy(app, [fox!, owl!], 'ES');
    const es2 = await buy(app, [owlFull!], 'ES');
    const de = await buy(app, [owl!], 'DE');
    const us = await buy(app, [fox!], 'US');
    const esUsd = await buy(app, [fox!], 'ES', 'USD');
    // February: one more Spanish order, and a gift card bought from Spain.
    const esFeb = await buy(app, [fox!], 'ES');
    const customer = await signUp(app);
    await creditBalance(ctx.database.db, customer, 5_000, 'EUR');
    await placeOrder(
      app,
      customer,
      orderRequest([], { giftCardAmount: 2_500, payByBalance: true }),
    );
    const [card] = await ordersOf(app, customer);
    // March, outside the asked range.
    const esMarch = await buy(app, [owl!], 'ES');
    for (const id of [es1, es2, de, us, esUsd]) await paidOn(id, '2026-01-15');
    for (const id of [esFeb, card?.id ?? 0]) await paidOn(id, '2026-02-03');
    await paidOn(esMarch, '2026-03-01');

    const sales = await report(app, admin, '?From=2026-01-01&To=2026-02-28');

    // Per line: 5.00 → 0.87, 9.00 → 1.56, 27.00 → 4.69 at 21 %; 9.00 → 1.44 at 19 %; 6.00 USD → 1.04.
    expect(sales.vat).toEqual([
      {
        month: '2026-01',
        country: 'DE',
        kind: 'artwork',
        rate: 1900,
        currency: 'EUR',
        gross: 900,
        vat: 144,
        lines: 1,
      },
      {
        month: '2026-01',
        country: 'ES',
        kind: 'artwork',
        rate: 2100,
        currency: 'EUR',
        gross: 4_100,
        vat: 87 + 156 + 469,
        lines: 3,
      },
      {
        month: '2026-01',
        country: 'ES',
        kind: 'artwork',
        rate: 2100,
        currency: 'USD',
        gross: 600,
        vat: 104,
        lines: 1,
      },
      {
        month: '2026-02',
        country: 'ES',
        kind: 'artwork',
        rate: 2100,
        currency: 'EUR',
        gross: 500,
        vat: 87,
        lines: 1,
      },
    ]);
  });

  it('subtracts a credit note in the month it is issued, and counts disputes and provider refunds of orders among the refunds', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const catalog = await catalogOnce();
    const [fox] = catalog.get('red-fox')!; // standard: EUR 5.00, 0.90 of it VAT at 22 % (Italy)
    const [owl] = catalog.get('night-owl')!; // standard: EUR 9.00, 1.62 of it VAT at 22 %

    // Sold in January, refunded from the back office in February.
    const refunded = await buy(app, [fox!], 'IT');
    await paidOn(refunded, '2026-01-10');
    const answer = await app.inject({
      method: 'POST',
      url: adminApiPathTo.orderRefund(refunded),
      headers: bearer(admin.accessToken),
      payload: {},
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await ctx.database.db.execute(
      sql`update credit_notes set issued_at = '2026-02-20T12:00:00Z' where order_id = ${refunded}`,
    );
    await ctx.database.db.execute(
      sql`update orders set refunded_at = '2026-02-20T12:00:00Z' where id = ${refunded}`,
    );
    // Paid by card in January, disputed at the provider on 5 February.
    const customer = await signUp(app);
    await placeOrder(app, customer, orderRequest([owl!], { country: 'IT' }));
    const [card] = await ordersOf(app, customer);
    const payment = await settleOrder(app, ctx.database.db, card?.id ?? 0, 'succeeded');
    await paidOn(card?.id ?? 0, '2026-01-12');
    await deliverSandboxReversal(app, {
      type: 'disputed',
      paymentId: payment.id,
      amount: 900,
      currency: 'EUR',
    });
    await ctx.database.db.execute(
      sql`update payment_reversals set received_at = '2026-02-05T08:00:00Z' where payment_id = ${payment.id}`,
    );
    await ctx.database.db.execute(
      sql`update credit_notes set issued_at = '2026-02-05T08:00:00Z' where order_id = ${card?.id ?? 0}`,
    );

    const sales = await report(app, admin, '?From=2026-01-01&To=2026-02-28');

    const italy = sales.vat.filter((row) => row.country === 'IT');
    expect(italy).toEqual([
      expect.objectContaining({
        month: '2026-01',
        rate: 2200,
        gross: 1_400,
        vat: 90 + 162,
        lines: 2,
      }),
      expect.objectContaining({
        month: '2026-02',
        rate: 2200,
        gross: -1_400,
        vat: -(90 + 162),
        lines: 0,
      }),
    ]);
    const refundsOn = (day: string) => sales.days.find((row) => row.date === day)?.refunds.EUR;
    expect(refundsOn('2026-02-05')).toBe(900);
    expect(refundsOn('2026-02-20')).toBe(500);
    expect(sales.totals.refunds.EUR).toBe(1_400);
  });

  it('a dispute won cancels its credit note in the month it is won, so the sale counts again', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const catalog = await catalogOnce();
    const [owl] = catalog.get('night-owl')!; // standard: EUR 9.00, 1.50 of it VAT at 20 % (France)
    const customer = await signUp(app);
    await placeOrder(app, customer, orderRequest([owl!], { country: 'FR' }));
    const [card] = await ordersOf(app, customer);
    const orderId = card?.id ?? 0;
    const payment = await settleOrder(app, ctx.database.db, orderId, 'succeeded');
    await paidOn(orderId, '2026-04-12');
    const dispute = (kind: 'funds_withdrawn' | 'closed', status: string) =>
      deliverSandboxDispute(app, {
        kind,
        status,
        paymentId: payment.id,
        amount: 900,
        currency: 'EUR',
      });
    // Withdrawn in May: a credit note; won in June, the event delivered twice: one cancellation.
    await dispute('funds_withdrawn', 'needs_response');
    await ctx.database.db.execute(
      sql`update credit_notes set issued_at = '2026-05-05T08:00:00Z' where order_id = ${orderId}`,
    );
    const won = await dispute('closed', 'won');
    expect(won.statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`update credit_notes set issued_at = '2026-06-10T08:00:00Z' where order_id = ${orderId} and cancels is not null`,
    );

    const notes = CreditNoteListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: apiPaths.balanceCreditNotes,
          headers: bearer(customer.accessToken),
        })
      ).json(),
    );
    expect(notes).toHaveLength(2);
    const [cancellation, credit] = notes;
    expect(credit).toMatchObject({ reason: 'dispute', cancels: null, amount: { amount: 900 } });
    expect(cancellation).toMatchObject({
      reason: 'disputeWon',
      cancels: credit?.number,
      receiptNumber: credit?.receiptNumber,
      amount: { amount: 900, currency: 'EUR' },
    });

    // Its PDF says what it is and which note it cancels; its mail went to the buyer.
    const pdf = await app.inject({
      method: 'GET',
      url: cancellation?.url ?? '',
      headers: bearer(customer.accessToken),
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Credit note cancellation');
    expect(text).toContain(`Cancels credit note no. ${credit?.number}`);

    const sales = await report(app, admin, '?From=2026-04-01&To=2026-06-30');
    const france = sales.vat
      .filter((row) => row.country === 'FR')
      .map(({ month, gross, vat }) => ({ month, gross, vat }));
    expect(france).toEqual([
      { month: '2026-04', gross: 900, vat: 150 },
      { month: '2026-05', gross: -900, vat: -150 },
      { month: '2026-06', gross: 900, vat: 150 },
    ]);
  });
});
