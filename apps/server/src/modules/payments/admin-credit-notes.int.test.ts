// The back office's credit notes: an order's, a payment's (those correcting the receipt it paid) or
// the newest, each with the receipt it corrects and its PDF as the buyer was sent it; admins only.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  adminApiPathTo,
  adminApiPaths,
  AdminCreditNoteListSchema,
  apiPaths,
  CreditNoteListSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
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
import {
  deliverSandboxDispute,
  deliverSandboxEvent,
  deliverSandboxReversal,
  startDeposit,
} from '../../test/payments.js';
import { pdfText } from '../../test/pdf-text.js';

const get = (app: App, user: TestUser | undefined, url: string) =>
  app.inject({ method: 'GET', url, ...(user ? { headers: bearer(user.accessToken) } : {}) });

describeEachEngine('credit notes in the back office', (ctx) => {
  let fox = 0; // Red Fox, standard: EUR 5.00
  let owl = 0; // Night Owl, standard: EUR 9.00
  beforeAll(async () => {
    const catalog = await seedTestCatalog(ctx.database.db);
    fox = catalog.get('red-fox')?.[0] ?? 0;
    owl = catalog.get('night-owl')?.[0] ?? 0;
  });

  /**
   * A Spanish-speaking buyer's card order refunded at the provider in two steps and a deposit of
   * theirs the bank disputed; another buyer's order, paid from the balance and refunded from the
   * back office.
   */
  async function shopWithCreditNotes() {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app, { headers: { 'accept-language': 'es' } });
    await placeOrder(app, buyer, orderRequest([fox, owl]));
    const [pending] = await ordersOf(app, buyer);
    const orderPayment = await settleOrder(app, ctx.database.db, pending?.id ?? 0, 'succeeded');
    const [order] = await ordersOf(app, buyer);
    expect(order?.receiptNumber).toBeGreaterThan(0);
    const refunded = { type: 'refunded' as const, paymentId: orderPayment.id, currency: 'EUR' };
    await deliverSandboxReversal(app, { ...refunded, amount: 500 });
    await deliverSandboxReversal(app, { ...refunded, amount: 1_400 });

    const deposit = await startDeposit(app, buyer, 2_000, 'EUR');
    await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
    await deliverSandboxDispute(app, {
      kind: 'funds_withdrawn',
      paymentId: deposit.paymentId,
      amount: 2_000,
      currency: 'EUR',
    });

    const other = await signUp(app);
    await creditBalance(ctx.database.db, other, 500, 'EUR');
    await placeOrder(app, other, orderRequest([fox], { payByBalance: true }));
    const [otherOrder] = await ordersOf(app, other);
    const refund = await app.inject({
      method: 'POST',
      url: adminApiPathTo.orderRefund(otherOrder?.id ?? 0),
      headers: bearer(admin.accessToken),
      payload: {},
    });
    expect(refund.statusCode).toBe(200);
    return { app, admin, buyer, other, order, orderPayment, deposit, otherOrder };
  }

  const listed = async (app: App, admin: TestUser, query: string) => {
    const response = await get(app, admin, `${adminApiPaths.creditNotes}${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return AdminCreditNoteListSchema.parse(response.json());
  };

  it("lists exactly a payment's credit notes, an order's, or the newest, each with the receipt it corrects", async () => {
    const shop = await shopWithCreditNotes();
    const { app, admin, buyer } = shop;
    const buyersNotes = CreditNoteListSchema.parse(
      (await get(app, buyer, apiPaths.balanceCreditNotes)).json(),
    );
    const byNumber = (number: number) => buyersNotes.find((note) => note.number === number);

    const ofOrderPayment = await listed(app, admin, `?PaymentId=${shop.orderPayment.id}`);
    expect(ofOrderPayment.map((note) => note.amount.amount)).toEqual([900, 500]);
    for (const note of ofOrderPayment) {
      expect(note).toMatchObject({
        reason: 'refund',
        cancels: null,
        receiptNumber: shop.order?.receiptNumber,
        orderId: shop.order?.id,
        depositPaymentId: null,
        customerEmail: buyer.email,
        url: adminApiPathTo.creditNote(note.number),
      });
      expect(byNumber(note.number)?.issuedAt).toBe(note.issuedAt);
    }
    expect(await listed(app, admin, `?OrderId=${shop.order?.id}`)).toEqual(ofOrderPayment);

    const ofDeposit = await listed(app, admin, `?PaymentId=${shop.deposit.paymentId}`);
    expect(ofDeposit).toEqual([
      expect.objectContaining({
        reason: 'dispute',
        orderId: null,
        depositPaymentId: shop.deposit.paymentId,
        amount: { amount: 2_000, currency: 'EUR' },
        vat: 0,
      }),
    ]);
    expect(byNumber(ofDeposit[0]?.number ?? 0)?.receiptNumber).toBe(ofDeposit[0]?.receiptNumber);

    const ofOtherOrder = await listed(app, admin, `?OrderId=${shop.otherOrder?.id}`);
    expect(ofOtherOrder).toEqual([
      expect.objectContaining({ reason: 'refund', customerEmail: shop.other.email }),
    ]);
    expect(await listed(app, admin, `?PaymentId=${randomUUID()}`)).toEqual([]);

    // Unfiltered: the newest first, every one above among them.
    const newest = await listed(app, admin, '');
    const numbers = newest.map((note) => note.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    for (const note of [...ofOrderPayment, ...ofDeposit, ...ofOtherOrder]) {
      expect(newest).toContainEqual(note);
    }
    const both = await get(
      app,
      admin,
      `${adminApiPaths.creditNotes}?OrderId=${shop.order?.id}&PaymentId=${shop.orderPayment.id}`,
    );
    expect(both.statusCode).toBe(400);
  });

  it("gives the admin a credit note's PDF as its buyer got it; customers get 403, visitors 401", async () => {
    const { app, admin, buyer, orderPayment } = await shopWithCreditNotes();
    const [note] = await listed(app, admin, `?PaymentId=${orderPayment.id}`);
    const url = note?.url ?? '';

    const pdf = await get(app, admin, url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="pictura-credit-note-${note?.number}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    // In the buyer's language (Spanish), naming the receipt it corrects.
    expect(text).toContain('Factura rectificativa');
    expect(text).toContain('Rectifica el recibo n.º');
    expect(text).toContain(String(note?.receiptNumber));

    expect((await get(app, admin, adminApiPathTo.creditNote(999_999))).statusCode).toBe(404);
    // Not even the note's own buyer reads it here (theirs is under /api/balance/credit-notes).
    for (const path of [url, adminApiPaths.creditNotes, `${adminApiPaths.creditNotes}?OrderId=1`]) {
      expect((await get(app, buyer, path)).statusCode, path).toBe(403);
      expect((await get(app, undefined, path)).statusCode, path).toBe(401);
    }
  });

  it('documents both routes, with their query and answers, in the OpenAPI document', async () => {
    const app = await ctx.buildApp();
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        { get?: { summary?: string; parameters?: { name: string }[]; responses?: object } }
      >;
    }>();
    const list = document.paths[adminApiPaths.creditNotes]?.get;
    expect(list?.summary).toMatch(/credit notes/i);
    expect(list?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      'OrderId',
      'PaymentId',
    ]);
    expect(list?.responses).toHaveProperty('200');
    const file = document.paths[`${adminApiPaths.creditNotes}/{creditNoteNumber}`]?.get;
    expect(file?.summary).toMatch(/PDF/);
    expect(file?.responses).toHaveProperty('404');
  });
});
