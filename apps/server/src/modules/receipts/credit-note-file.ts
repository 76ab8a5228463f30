import { creditNoteFileName, DEFAULT_LOCALE } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userContact } from '../accounts/index.js';
import { creditNoteByNumber } from './credit-note-queries.js';
import { renderReceiptPdf } from './pdf.js';

/** A receipt or credit note as a file to send. */
export interface ReceiptFile {
  fileName: string;
  content: Buffer;
}

/**
 * A credit note's PDF as its buyer was sent it, in the buyer's language (the default one once the
 * account is gone); only `userId`'s when given. Undefined when there is no such note (for them).
 */
export async function creditNoteFile(
  db: Db,
  { number, userId, publicUrl }: { number: number; userId?: string; publicUrl: string },
): Promise<ReceiptFile | undefined> {
  const found = await creditNoteByNumber(db, number, userId);
  if (!found) return undefined;
  // A deleted account's notes are kept without their buyer (`user_id` set null).
  const buyerId = found.note.userId;
  const locale = buyerId === null ? DEFAULT_LOCALE : (await userContact(db, buyerId)).locale;
  const content = await renderReceiptPdf({
    receipt: found.note,
    creditNote: found.note,
    locale,
    publicUrl,
  });
  return { fileName: creditNoteFileName(number), content };
}
