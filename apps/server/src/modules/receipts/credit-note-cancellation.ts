import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { creditedLines } from './credited-lines.js';
import { lockReceipt, writeCreditNote, type CreditedSubject } from './credit-notes.js';
import type { ReceiptIssuer } from './issue.js';
import { creditNotes, type CreditNoteRow } from './schema.js';

export interface CancellationInput {
  subject: CreditedSubject;
  /** What the won dispute gave back to the shop, VAT included. */
  amount: number;
  /** The reinstating movement's reference; each cancellation adds `:cancels:<number>`. */
  reference: string;
}

/**
 * When a dispute is won the sale stands again, so the credit notes its withdrawal issued must not
 * keep reducing the VAT due. A credit note cannot be changed once issued; this issues, in `tx`, the
 * counter-document in the credit notes' series: a cancellation (reason `disputeWon`) naming the
 * dispute's credit note it cancels and charging its lines again, newest note first, for `amount`
 * in all (a part of a note: each line's share, as a credit note takes its share of a receipt).
 * Once per reference; mailed like a credit note.
 */
export async function cancelDisputeCreditNotes(
  tx: Db,
  issuer: ReceiptIssuer,
  input: CancellationInput,
): Promise<CreditNoteRow[]> {
  const receipt = await lockReceipt(tx, input.subject);
  if (!receipt) return [];
  const notes = await tx
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.receiptNumber, receipt.number))
    .orderBy(desc(creditNotes.number));
  const disputeNotes = notes.filter((note) => note.reason === 'dispute' && note.cancels === null);
  const issued: CreditNoteRow[] = [];
  let left = input.amount;
  for (const note of disputeNotes) {
    if (left <= 0) break;
    const reference = `${input.reference}:cancels:${note.number}`;
    const done = notes.find((other) => other.reference === reference);
    const cancelled = notes.filter((other) => other.cancels === note.number);
    const open = note.total - cancelled.reduce((sum, other) => sum + other.total, 0);
    const part = done ? done.total : Math.min(open, left);
    left -= part;
    if (done || part <= 0) continue;
    const lines = creditedLines(
      note.lines,
      cancelled.map((other) => other.lines),
      part,
    );
    const written = await writeCreditNote(tx, issuer, receipt, {
      reason: 'disputeWon',
      reference,
      cancels: note.number,
      lines,
    });
    if (written) issued.push(written);
  }
  return issued;
}
