import { asc, eq } from 'drizzle-orm';
import type { CreditNoteReason } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userContact } from '../accounts/index.js';
import { nextCreditNoteNumber } from './counter.js';
import { creditNoteMail } from './credit-note-mail.js';
import { creditedLines } from './credited-lines.js';
import type { ReceiptIssuer } from './issue.js';
import {
  creditNotes,
  receipts,
  type CreditNoteRow,
  type ReceiptLine,
  type ReceiptRow,
} from './schema.js';

/** Which receipt a credit note corrects: an order's, or a deposit's (by its payment). */
export type CreditedSubject = { orderId: number } | { depositPaymentId: string };

export interface CreditNoteInput {
  subject: CreditedSubject;
  /** What was given back of the receipt, VAT included (capped at what it has left). */
  amount: number;
  reason: CreditNoteReason;
  /** The movement that gives it back, e.g. `payment:<id>:reversed:<total>`: one note per reference. */
  reference: string;
}

/**
 * Issues, in `tx` (the transaction that gives the money back), the credit note correcting the
 * subject's receipt for `amount`, and queues its mail (the PDF is attached when it is sent). Every
 * refund and reversal calls this: the back office's refund, disputes and refunds made at the
 * provider, in whole or in part. Once per `reference`: a repeated call answers the note already
 * issued. None when there is no receipt (nothing was ever sold) or nothing of it is left to
 * correct. The number is taken last, under the counter's lock (counter.ts), so concurrent
 * refunds get consecutive numbers and a rollback gives its number back.
 */
export async function issueCreditNote(
  tx: Db,
  issuer: ReceiptIssuer,
  input: CreditNoteInput,
): Promise<CreditNoteRow | undefined> {
  const [done] = await tx
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.reference, input.reference));
  if (done) return done;
  const receipt = await lockReceipt(tx, input.subject);
  if (!receipt) return undefined;
  const earlier = await tx
    .select({ lines: creditNotes.lines, cancels: creditNotes.cancels })
    .from(creditNotes)
    .where(eq(creditNotes.receiptNumber, receipt.number))
    .orderBy(asc(creditNotes.number));
  const lines = creditedLines(
    receipt.lines,
    // A cancellation charges its lines again: what it cancelled is no longer credited.
    earlier.map((note) => (note.cancels === null ? note.lines : negated(note.lines))),
    input.amount,
  );
  return writeCreditNote(tx, issuer, receipt, {
    reason: input.reason,
    reference: input.reference,
    cancels: null,
    lines,
  });
}

/** The subject's receipt, locked: two corrections of one receipt take turns and see each other. */
export async function lockReceipt(
  tx: Db,
  subject: CreditedSubject,
): Promise<ReceiptRow | undefined> {
  const [receipt] = await tx
    .select()
    .from(receipts)
    .where(
      'orderId' in subject
        ? eq(receipts.orderId, subject.orderId)
        : eq(receipts.paymentId, subject.depositPaymentId),
    )
    .for('update');
  return receipt;
}

const negated = (lines: readonly ReceiptLine[]): ReceiptLine[] =>
  lines.map((line) => ({ ...line, gross: -line.gross, vat: -line.vat }));

/**
 * Numbers, writes and mails one document of the credit notes' series against `receipt` (a credit
 * note, or a cancellation of one); none when its lines add up to nothing. Call with the receipt
 * row locked; the number is taken last, under the counter's lock.
 */
export async function writeCreditNote(
  tx: Db,
  issuer: ReceiptIssuer,
  receipt: ReceiptRow,
  document: Pick<CreditNoteRow, 'reason' | 'reference' | 'cancels' | 'lines'>,
): Promise<CreditNoteRow | undefined> {
  const total = document.lines.reduce((sum, line) => sum + line.gross, 0);
  if (total <= 0) return undefined;
  const vatTotal = document.lines.reduce((sum, line) => sum + line.vat, 0);

  const number = await nextCreditNoteNumber(tx);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      ...document,
      number,
      receiptNumber: receipt.number,
      userId: receipt.userId,
      orderId: receipt.orderId,
      currency: receipt.currency,
      total,
      vatTotal,
      seller: { ...issuer.seller },
      buyer: receipt.buyer,
    })
    .returning();
  if (!note) throw new Error('Credit note not written');
  if (note.userId !== null) {
    const contact = await userContact(tx, note.userId);
    await issuer.outbox.enqueue(tx, {
      ...creditNoteMail(contact.locale, note),
      to: contact.email,
      kind: 'creditNote',
      reference: String(note.number),
    });
  }
  return note;
}
