import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { creditNotes, receipts, type CreditNoteRow, type ReceiptRow } from './schema.js';

/** A credit note with the receipt it corrects (printed from both). */
export interface CreditNoteWithReceipt {
  note: CreditNoteRow;
  receipt: ReceiptRow;
}

/** `userId`'s credit notes, newest first. */
export function creditNotesOf(db: Db, userId: string): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.userId, userId))
    .orderBy(desc(creditNotes.number));
}

/** A credit note by its number, with its receipt; only `userId`'s when given. */
export async function creditNoteByNumber(
  db: Db,
  number: number,
  userId?: string,
): Promise<CreditNoteWithReceipt | undefined> {
  const [row] = await db
    .select({ note: creditNotes, receipt: receipts })
    .from(creditNotes)
    .innerJoin(receipts, eq(receipts.number, creditNotes.receiptNumber))
    .where(
      userId === undefined
        ? eq(creditNotes.number, number)
        : and(eq(creditNotes.number, number), eq(creditNotes.userId, userId)),
    );
  return row;
}
