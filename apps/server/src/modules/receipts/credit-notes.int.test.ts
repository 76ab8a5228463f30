// Credit notes: every refund and reversal of money a receipt recorded issues one, in its own series
// without gaps, as a PDF in the buyer's language naming the receipt it corrects, mailed, and listed
// beside the receipts for its buyer only.
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { adminApiPathTo, apiPaths, apiPathTo, CreditNoteListSchema } from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import { openLockHolder } from '../../test/lock-holder.js';
import {
  creditBalance,
  orderRequest,
  ordersOf,
  placeOrder,
  settleOrder,
} from '../../test/orders.js';
import { deliverSandboxReversal, startDeposit, deliverSandboxEvent } from '../../test/payments.js';
import { pdfText } from '../../test/pdf-text.js';
import { mailOutbox } from '../mail/index.js';
import { creditNotes, receipts } from './schema.js';

const get = (app: App, user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });

describeEachEngine('credit notes', (ctx) => {
  let fox = 0; // Red Fox, standard: EUR 5.00
  let owl = 0; // Night Owl, standard: EUR 9.00
  beforeAll(async () => {
    const catalog = await seedTestCatalog(ctx.database.db);
    fox = catalog.get('red-fox')?.[0] ?? 0;
    owl = catalog.get('night-owl')?.[0] ?? 0;
  });

  const refund = (app: App, admin: TestUser, orderId: number) =>
    app.inject({
      method: 'POST',
      url: adminApiPathTo.orderRefund(orderId),
      headers: bearer(admin.accessToken),
      payload: { reason: 'Customer complaint' },
    });

  /** A buyer's order of Red Fox and Night Owl (EUR 14.00, billed to Spain), paid from the balance. */
  async function paidOrder(app: App, buyer: TestUser) {
    await creditBalance(ctx.database.db, buyer, 1_400, 'EUR');
    await placeOrder(app, buyer, orderRequest([fox, owl], { payByBalance: true }));
    const [order] = await ordersOf(app, buyer);
    expect(order?.status).toBe('paid');
    return { orderId: order?.id ?? 0, receiptNumber: order?.receiptNumber ?? 0 };
  }

  const listOf = async (app: App, user: TestUser) => {
    const response = await get(app, user, apiPaths.balanceCreditNotes);
    expect(response.statusCode).toBe(200);
    return CreditNoteListSchema.parse(response.json());
  };

  const wording = {
    en: [
      'Credit note',
      'Corrects receipt no.',
      'Reason: refund',
      'Total credited',
      '€14.00',
      'VAT credited',
      '€2.43',
      'Red Fox · Standard download',
    ],
    es: [
      'Factura rectificativa',
      'Rectifica el recibo n.º',
      'Motivo: devolución',
      'Total abonado',
      '14,00 €',
      'IVA abonado',
      '2,43 €',
    ],
    ja: ['返金明細書', '訂正対象の領収書番号', '理由: 返金', '返金合計', '€14.00', 'うち返金 VAT'],
  } as const;

  it.each(['en', 'es', 'ja'] as const)(
    "issues one for a back-office refund, in the buyer's language (%s), naming the receipt it corrects; only the buyer sees it",
    async (language) => {
      const app = await ctx.buildApp();
      const admin = await signUpAdmin(app, ctx.database.db);
      const expected = wording[language];
      const buyer = await signUp(app, { headers: { 'accept-language': language } });
      const { orderId, receiptNumber } = await paidOrder(app, buyer);
      expect((await refund(app, admin, orderId)).statusCode).toBe(200);
      // A second click is refused and issues nothing more.
      expect((await refund(app, admin, orderId)).statusCode).toBe(409);

      const [note, ...more] = await listOf(app, buyer);
      expect(more).toEqual([]);
      expect(note).toMatchObject({
        receiptNumber,
        orderId,
        reason: 'refund',
        amount: { amount: 1_400, currency: 'EUR' },
        url: apiPathTo.creditNote(note?.number ?? 0),
      });
      const pdf = await get(app, buyer, note?.url ?? '');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="pictura-credit-note-${note?.number}.pdf"`,
      );
      const text = await pdfText(pdf.rawPayload);
      for (const phrase of expected) expect(text, `${language}: ${phrase}`).toContain(phrase);
      expect(text).toContain(String(receiptNumber));

      const stranger = await signUp(app);
      expect((await get(app, stranger, note?.url ?? '')).statusCode).toBe(404);
      expect(await listOf(app, stranger)).toEqual([]);
      const mails = await ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, buyer.email));
      expect(mails.filter((mail) => mail.kind === 'creditNote')).toHaveLength(1);
    },
  );

  it('issues one per partial refund made at the provider, adding up to the receipt with its VAT', async () => {
    const app = await ctx.buildApp();
    const buyer = await signUp(app);
    await placeOrder(app, buyer, orderRequest([fox, owl]));
    const [pending] = await ordersOf(app, buyer);
    const payment = await settleOrder(app, ctx.database.db, pending?.id ?? 0, 'succeeded');
    const reversal = { type: 'refunded' as const, paymentId: payment.id, currency: 'EUR' as const };

    await deliverSandboxReversal(app, { ...reversal, amount: 500 });
    await deliverSandboxReversal(app, { ...reversal, amount: 500 }); // a replay: nothing more
    await deliverSandboxReversal(app, { ...reversal, amount: 1_400 }); // the rest

    const notes = await ctx.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, pending?.id ?? 0))
      .orderBy(asc(creditNotes.number));
    expect(notes.map((note) => note.total)).toEqual([500, 900]);
    const [receipt] = await ctx.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.orderId, pending?.id ?? 0));
    expect(notes.reduce((sum, note) => sum + note.vatTotal, 0)).toBe(receipt?.vatTotal);
    expect(notes[0]?.vatTotal).toBeGreaterThan(0);
    expect(notes.map((note) => note.number)).toEqual([
      notes[0]?.number,
      (notes[0]?.number ?? 0) + 1,
    ]);
  });

  it("issues one for a dispute of a deposit, correcting the deposit's receipt", async () => {
    const app = await ctx.buildApp();
    const buyer = await signUp(app);
    const deposit = await startDeposit(app, buyer, 1_000, 'EUR');
    await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
    await deliverSandboxReversal(app, {
      type: 'disputed',
      paymentId: deposit.paymentId,
      amount: 1_000,
      currency: 'EUR',
    });

    const [note] = await listOf(app, buyer);
    expect(note).toMatchObject({
      reason: 'dispute',
      orderId: null,
      amount: { amount: 1_000, currency: 'EUR' },
    });
    const text = await pdfText((await get(app, buyer, note?.url ?? '')).rawPayload);
    expect(text).toContain("Reason: payment taken back by the payer's bank");
    expect(text).toContain('Balance top-up');
  });

  it.runIf(ctx.engine === 'postgres')(
    'numbers concurrent refunds without gaps or twins while the series is held',
    async () => {
      const app = await ctx.buildApp();
      const admin = await signUpAdmin(app, ctx.database.db);
      const orders: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        orders.push((await paidOrder(app, await signUp(app))).orderId);
      }
      await ctx.database.db.execute(
        sql`insert into receipt_counter (series, last) values ('creditNotes', 0) on conflict do nothing`,
      );
      const before = await ctx.database.db.execute<{ last: number }>(
        sql`select last from receipt_counter where series = 'creditNotes'`,
      );
      const first = Number(before.rows[0]?.last ?? 0) + 1;

      const holder = await openLockHolder(ctx.database);
      let answers;
      try {
        await holder.query(
          `select last from receipt_counter where series = 'creditNotes' for update`,
        );
        const refunds = Promise.all(orders.map((orderId) => refund(app, admin, orderId)));
        await holder.waitForWaiters(orders.length);
        await holder.release();
        answers = await refunds;
      } finally {
        await holder.close();
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual(orders.map(() => 200));
      const numbers = (
        await ctx.database.db
          .select({ number: creditNotes.number })
          .from(creditNotes)
          .where(sql`${creditNotes.number} >= ${first}`)
          .orderBy(asc(creditNotes.number))
      ).map((row) => row.number);
      expect(numbers).toEqual(orders.map((_, index) => first + index));
    },
  );
});
