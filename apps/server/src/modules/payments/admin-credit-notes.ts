import { desc, eq, or, type SQL } from 'drizzle-orm';
import {
  ADMIN_CREDIT_NOTE_LIST_LIMIT,
  adminApiPathTo,
  type AdminCreditNote,
  type AdminCreditNoteQuery,
  type PaymentStatus,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userEmails } from '../accounts/index.js';
import { creditNotes, receipts } from '../receipts/index.js';
import { payments } from './schema.js';

// The statuses of an order's payment that paid it (and so its receipt); an order has at most one,
// as paying again is only possible once every earlier payment failed or expired.
const PAID_ORDER: PaymentStatus[] = ['succeeded', 'disputed', 'refunded'];

/**
 * Which receipts' notes: an order's; a payment's, that is the receipt it paid (its deposit's, or
 * its order's once it paid it: a failed or late payment of the order paid nothing); or all.
 */
async function receiptFilter(db: Db, query: AdminCreditNoteQuery): Promise<SQL | undefined> {
  if (query.OrderId !== undefined) return eq(receipts.orderId, query.OrderId);
  if (query.PaymentId === undefined) return undefined;
  const [payment] = await db
    .select({ orderId: payments.orderId, status: payments.status })
    .from(payments)
    .where(eq(payments.id, query.PaymentId));
  const paidOrder =
    payment?.orderId != null && PAID_ORDER.includes(payment.status)
      ? eq(receipts.orderId, payment.orderId)
      : undefined;
  return or(eq(receipts.paymentId, query.PaymentId), paidOrder);
}

/** GET /api/admin/credit-notes: newest first, with the receipt each corrects and its buyer. */
export async function adminCreditNotes(
  db: Db,
  query: AdminCreditNoteQuery,
): Promise<AdminCreditNote[]> {
  const filter = await receiptFilter(db, query);
  const notes = db
    .select({
      note: creditNotes,
      receiptOrderId: receipts.orderId,
      receiptPaymentId: receipts.paymentId,
    })
    .from(creditNotes)
    .innerJoin(receipts, eq(receipts.number, creditNotes.receiptNumber))
    .$dynamic();
  const rows = await (filter === undefined
    ? notes.orderBy(desc(creditNotes.number)).limit(ADMIN_CREDIT_NOTE_LIST_LIMIT)
    : notes.where(filter).orderBy(desc(creditNotes.number)));
  const emails = await userEmails(
    db,
    rows.flatMap(({ note }) => (note.userId === null ? [] : [note.userId])),
  );
  return rows.map(({ note, receiptOrderId, receiptPaymentId }) => ({
    number: note.number,
    issuedAt: note.issuedAt.toISOString(),
    reason: note.reason,
    cancels: note.cancels,
    receiptNumber: note.receiptNumber,
    orderId: receiptOrderId,
    depositPaymentId: receiptPaymentId,
    customerId: note.userId,
    customerEmail: note.userId === null ? null : (emails.get(note.userId) ?? null),
    amount: { amount: note.total, currency: note.currency },
    vat: note.vatTotal,
    url: adminApiPathTo.creditNote(note.number),
  }));
}
