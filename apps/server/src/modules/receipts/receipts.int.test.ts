// Receipts: every paid order and every credited deposit gets one, numbered without gaps in the
// settling transaction, as a PDF in the buyer's language that only its buyer can download, and
// attached to the mail that tells the payment went through.
import { expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import {
  apiPaths,
  apiPathTo,
  DepositReceiptListSchema,
  type DepositRequest,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  useSmtpCapture,
  type TestUser,
} from '../../test/index.js';
import {
  creditBalance,
  orderRequest,
  ordersOf,
  placeOrder,
  settleOrder,
} from '../../test/orders.js';
import {
  deliverSandboxEvent,
  depositRequest,
  postDeposit,
  paymentOfLink,
} from '../../test/payments.js';
import { pdfText } from '../../test/pdf-text.js';
import { nextReceiptNumber } from './counter.js';
import { receipts } from './schema.js';

const SHOP = 'Pictura Demo S.L.';
const SHOP_VAT_NUMBER = 'ESX0000000X';

const get = (app: App, user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });

describeEachEngine('receipts', (ctx) => {
  const smtp = useSmtpCapture();
  let catalog: Map<string, number[]> | undefined;

  const shopApp = () => ctx.buildApp({ env: { SMTP_URL: smtp.url } });
  const variants = async () => {
    catalog ??= await seedTestCatalog(ctx.database.db);
    const [fox] = catalog.get('red-fox') ?? []; // standard: EUR 5.00
    const [owl, owlFull] = catalog.get('night-owl') ?? []; // standard EUR 9.00, full EUR 27.00
    if (!fox || !owl || !owlFull) throw new Error('test catalog without its variants');
    return { fox, owl, owlFull };
  };

  /** Every receipt number issued so far on this database, lowest first. */
  const allNumbers = async () =>
    (
      await ctx.database.db
        .select({ number: receipts.number })
        .from(receipts)
        .orderBy(asc(receipts.number))
    ).map((row) => row.number);
  const oneToN = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

  /** A deposit through the API, credited by the provider's webhook; answers its payment id. */
  const depositPaid = async (app: App, user: TestUser, body: DepositRequest) => {
    const response = await postDeposit(app, user, body);
    expect(response.statusCode, response.body).toBe(200);
    const payment = paymentOfLink(response.json<{ paymentLink: string }>().paymentLink);
    const settled = await deliverSandboxEvent(app, { type: 'succeeded', ...payment });
    expect(settled.statusCode).toBe(200);
    return payment.paymentId;
  };

  it("renders a paid order's receipt in English: number, date, seller, buyer, lines with licence links, total and VAT", async () => {
    const app = await shopApp();
    const { fox, owl } = await variants();
    const buyer = await signUp(app);
    await creditBalance(ctx.database.db, buyer, 10_000, 'EUR');
    await placeOrder(
      app,
      buyer,
      orderRequest([fox, owl], { payByBalance: true, giftCardAmount: 2_500 }),
    );
    const [order] = await ordersOf(app, buyer);
    expect(order?.status).toBe('paid');
    const receiptNumber = order?.receiptNumber ?? 0;
    expect(receiptNumber).toBeGreaterThan(0);

    const response = await get(app, buyer, apiPathTo.orderReceipt(order?.id ?? 0));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="pictura-receipt-${receiptNumber}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    // 5.00 + 9.00 of artwork billed to Spain (21 %): 0.87 + 1.56 of VAT; the 25.00 gift card has none.
    for (const expected of [
      'Receipt',
      `Receipt no. ${receiptNumber}`,
      `Order: ${order?.id}`,
      SHOP,
      'Calle de la Demostración 1, 28001 Madrid, Spain',
      `VAT number: ${SHOP_VAT_NUMBER}`,
      'Billed to',
      'Ann Lee',
      'Calle Mayor 1',
      '28013 Madrid',
      'Spain',
      buyer.email,
      'Red Fox · Standard download',
      'Night Owl · Standard download',
      'http://localhost:3000/personal-licence',
      'Gift card',
      '€0.87',
      '€1.56',
      '€25.00',
      'Total paid',
      '€39.00',
      'VAT included',
      '€2.43',
      'VAT 21% (ES)',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date()),
    );
  });

  it("renders receipts in the buyer's language: Spanish and Japanese", async () => {
    const app = await shopApp();
    const { owlFull } = await variants();
    const spanish = await signUp(app, { headers: { 'accept-language': 'es-ES' } });
    const japanese = await signUp(app, { headers: { 'accept-language': 'ja' } });
    const texts: string[] = [];
    for (const buyer of [spanish, japanese]) {
      await creditBalance(ctx.database.db, buyer, 5_000, 'EUR');
      await placeOrder(app, buyer, orderRequest([owlFull], { payByBalance: true }));
      const [order] = await ordersOf(app, buyer);
      const response = await get(app, buyer, apiPathTo.orderReceipt(order?.id ?? 0));
      expect(response.statusCode).toBe(200);
      texts.push(await pdfText(response.rawPayload));
    }
    const [es, ja] = texts;
    // 27.00 at 21 %: 4.686..., so 4.69.
    for (const expected of [
      'Recibo n.º',
      'Facturado a',
      'España',
      'Resolución completa',
      '27,00 €',
      '4,69 €',
      'IVA incluido',
      'commercial-licence',
      SHOP,
    ]) {
      expect(es, expected).toContain(expected);
    }
    for (const expected of [
      '領収書',
      '請求先',
      'スペイン',
      'フル解像度',
      'お支払い合計',
      '€27.00',
      '€4.69',
      'うち VAT',
      SHOP_VAT_NUMBER,
    ]) {
      expect(ja, expected).toContain(expected);
    }
  });

  it('charges no VAT outside the EU, and keeps the VAT fixed when the order was placed', async () => {
    const app = await shopApp();
    const { fox, owl } = await variants();
    const american = await signUp(app);
    const german = await signUp(app);
    await creditBalance(ctx.database.db, american, 5_000, 'USD');
    await creditBalance(ctx.database.db, german, 5_000, 'EUR');
    await placeOrder(
      app,
      american,
      orderRequest([fox], { country: 'US', currency: 'USD', payByBalance: true }),
    );
    await placeOrder(app, german, orderRequest([owl], { country: 'DE', payByBalance: true }));
    const [usOrder] = await ordersOf(app, american);
    const [deOrder] = await ordersOf(app, german);

    // The buyer's billing details change afterwards: the order and its receipt keep what was billed.
    const changed = await app.inject({
      method: 'POST',
      url: apiPaths.accountsUpdateBilling,
      headers: bearer(german.accessToken),
      payload: { country: 'FR', city: 'Paris', address1: '1 rue de Rivoli', zipCode: '75001' },
    });
    expect(changed.statusCode).toBe(200);
    const stored = await ctx.database.db.execute<{
      vat_country: string;
      vat_rate: number;
      vat_amount: string;
    }>(
      sql`select vat_country, vat_rate, vat_amount from order_items where order_id in (${usOrder?.id}, ${deOrder?.id}) order by order_id`,
    );
    expect(
      stored.rows.map((row) => [row.vat_country, Number(row.vat_rate), Number(row.vat_amount)]),
    ).toEqual([
      ['US', 0, 0],
      // 9.00 at 19 %: 1.437, so 1.44.
      ['DE', 1900, 144],
    ]);

    const us = await pdfText(
      (await get(app, american, apiPathTo.orderReceipt(usOrder?.id ?? 0))).rawPayload,
    );
    const de = await pdfText(
      (await get(app, german, apiPathTo.orderReceipt(deOrder?.id ?? 0))).rawPayload,
    );
    expect(us).toContain('$6.00');
    expect(us).toContain('No VAT: the buyer is billed outside the EU.');
    expect(de).toContain('VAT 19% (DE)');
    expect(de).toContain('€1.44');
    expect(de).toContain('Germany');
    expect(de).not.toContain('Paris');
  });

  it("answers 404 for another user's receipt, an unpaid order's and an unknown one", async () => {
    const app = await shopApp();
    const { fox, owl } = await variants();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    await creditBalance(ctx.database.db, owner, 5_000, 'EUR');
    await placeOrder(app, owner, orderRequest([fox], { payByBalance: true }));
    await placeOrder(app, owner, orderRequest([owl]));
    const [pending, paid] = await ordersOf(app, owner);
    expect(pending?.receiptNumber).toBeNull();
    await depositPaid(app, owner, depositRequest({ depositAmount: 1_000 }));
    const [deposit] = DepositReceiptListSchema.parse(
      (await get(app, owner, apiPaths.balanceReceipts)).json(),
    );

    expect((await get(app, owner, apiPathTo.orderReceipt(paid?.id ?? 0))).statusCode).toBe(200);
    expect((await get(app, owner, apiPathTo.depositReceipt(deposit?.number ?? 0))).statusCode).toBe(
      200,
    );
    for (const [user, url] of [
      [stranger, apiPathTo.orderReceipt(paid?.id ?? 0)],
      [stranger, apiPathTo.depositReceipt(deposit?.number ?? 0)],
      [owner, apiPathTo.orderReceipt(pending?.id ?? 0)],
      // An order's receipt is not a deposit's.
      [owner, apiPathTo.depositReceipt(paid?.receiptNumber ?? 0)],
      [owner, apiPathTo.depositReceipt(999_999)],
    ] as const) {
      const response = await get(app, user, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await get(app, stranger, apiPaths.balanceReceipts)).json()).toEqual([]);
    const signedOut = await app.inject({
      method: 'GET',
      url: apiPathTo.orderReceipt(paid?.id ?? 0),
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("lists a deposit's receipt in the wallet, with the billing details typed for it and no VAT", async () => {
    const app = await shopApp();
    const user = await signUp(app);
    await depositPaid(
      app,
      user,
      depositRequest({
        depositAmount: 2_000,
        firstName: 'Zoe',
        city: 'Lisbon',
        country: 'PT',
        zipCode: '1100-148',
      }),
    );
    const list = await get(app, user, apiPaths.balanceReceipts);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const [receipt] = DepositReceiptListSchema.parse(list.json());
    expect(receipt).toEqual({
      number: expect.any(Number),
      issuedAt: expect.any(String),
      amount: { amount: 2_000, currency: 'EUR' },
      url: apiPathTo.depositReceipt(receipt?.number ?? 0),
    });
    const text = await pdfText((await get(app, user, receipt?.url ?? '')).rawPayload);
    for (const expected of [
      `Receipt no. ${receipt?.number}`,
      'Balance top-up',
      'Zoe Lee',
      'Lisbon',
      'Portugal',
      '€20.00',
      '€0.00',
      'VAT is charged when it is spent',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('attaches the receipt to the order paid and deposit credited mails', async () => {
    const app = await shopApp();
    const { owl } = await variants();
    const user = await signUp(app);
    await depositPaid(app, user, depositRequest({ depositAmount: 1_500 }));
    const [deposit] = DepositReceiptListSchema.parse(
      (await get(app, user, apiPaths.balanceReceipts)).json(),
    );
    await placeOrder(app, user, orderRequest([owl]));
    const [order] = await ordersOf(app, user);
    await settleOrder(app, ctx.database.db, order?.id ?? 0, 'succeeded');
    const [paid] = await ordersOf(app, user);

    const depositMail = await smtp.nextMailTo(user.email, undefined, (mail) =>
      /topped up/.test(mail.subject ?? ''),
    );
    const orderMail = await smtp.nextMailTo(user.email, undefined, (mail) =>
      /is paid/.test(mail.subject ?? ''),
    );
    for (const [mail, number] of [
      [depositMail, deposit?.number ?? 0],
      [orderMail, paid?.receiptNumber ?? 0],
    ] as const) {
      expect(mail.text).toContain(`receipt no. ${number}`);
      expect(mail.attachments).toHaveLength(1);
      const [file] = mail.attachments;
      expect(file?.filename).toBe(`pictura-receipt-${number}.pdf`);
      expect(file?.contentType).toBe('application/pdf');
      expect(await pdfText(file?.content ?? Buffer.alloc(0))).toContain(`Receipt no. ${number}`);
    }
    expect(await pdfText(orderMail.attachments[0]?.content ?? Buffer.alloc(0))).toContain(
      'Night Owl',
    );
  });

  it('numbers concurrent settlements of orders and deposits 1..N without gaps or twins; a rolled-back settlement uses no number', async () => {
    const app = await shopApp();
    const { fox, owl } = await variants();
    // A settlement that takes a number and then fails gives it back.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await nextReceiptNumber(tx);
        throw new Error('the settlement failed after taking its number');
      }),
    ).rejects.toThrow('the settlement failed');

    const buyers = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));
    const deposits = await Promise.all(
      buyers.map(async (buyer) => {
        const response = await postDeposit(app, buyer, depositRequest({ depositAmount: 1_000 }));
        return paymentOfLink(response.json<{ paymentLink: string }>().paymentLink);
      }),
    );
    const orderIds: number[] = [];
    for (const buyer of buyers) {
      await placeOrder(app, buyer, orderRequest([buyers.indexOf(buyer) % 2 ? fox : owl]));
      const [order] = await ordersOf(app, buyer);
      orderIds.push(order?.id ?? 0);
    }
    const before = (await allNumbers()).length;

    await Promise.all([
      ...deposits.map((payment) => deliverSandboxEvent(app, { type: 'succeeded', ...payment })),
      ...orderIds.map((orderId) => settleOrder(app, ctx.database.db, orderId, 'succeeded')),
    ]);

    const numbers = await allNumbers();
    expect(numbers).toEqual(oneToN(before + 12));
    const issued = await ctx.database.db
      .select({ number: receipts.number })
      .from(receipts)
      .where(sql`${receipts.number} > ${before}`);
    expect(issued).toHaveLength(12);
    for (const orderId of orderIds) {
      const [row] = await ctx.database.db
        .select()
        .from(receipts)
        .where(eq(receipts.orderId, orderId));
      expect(row?.number).toBeGreaterThan(before);
    }
  });

  it('documents its routes in the OpenAPI document', async () => {
    const app = await shopApp();
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { summary?: string; responses?: object } }>;
    }>();
    for (const path of [
      '/api/orders/{orderId}/receipt',
      apiPaths.balanceReceipts,
      `${apiPaths.balanceReceipts}/{receiptNumber}`,
    ]) {
      expect(document.paths[path]?.get?.summary, path).toMatch(/receipt/i);
    }
    expect(document.paths['/api/orders/{orderId}/receipt']?.get?.responses).toHaveProperty('404');
    expect(document.paths[apiPaths.balanceReceipts]?.get?.responses).toHaveProperty('200');
  });
});
