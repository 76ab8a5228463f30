import {
  apiPathTo,
  receiptFileName,
  type CreditNote,
  type DepositReceipt,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../lib/index.js';
import { userContact } from '../accounts/index.js';
import { creditNoteFile, type ReceiptFile } from './credit-note-file.js';
import { creditNotesOf } from './credit-note-queries.js';
import { renderReceiptPdf } from './pdf.js';
import { depositReceiptOf, depositReceiptsOf, orderReceiptOf } from './queries.js';
import type { ReceiptRow } from './schema.js';

export interface ReceiptsDeps {
  readonly db: Db;
  readonly config: Pick<AppConfig, 'publicUrl'>;
}

/** Receipts as their buyers download them: a PDF in the buyer's language, for the owner only. */
export function createReceiptsService({ db, config }: ReceiptsDeps) {
  async function render(userId: string, receipt: ReceiptRow | undefined): Promise<ReceiptFile> {
    // Another user's receipt is as unknown as one that does not exist.
    if (!receipt) throw new AppError('NOT_FOUND');
    const { locale } = await userContact(db, userId);
    const content = await renderReceiptPdf({ receipt, locale, publicUrl: config.publicUrl });
    return { fileName: receiptFileName(receipt.number), content };
  }

  return {
    /** GET /api/orders/{orderId}/receipt. */
    async orderReceipt(userId: string, orderId: number): Promise<ReceiptFile> {
      return render(userId, await orderReceiptOf(db, userId, orderId));
    },

    /** GET /api/balance/receipts. */
    async depositReceipts(userId: string): Promise<DepositReceipt[]> {
      const rows = await depositReceiptsOf(db, userId);
      return rows.map((row) => ({
        number: row.number,
        issuedAt: row.issuedAt.toISOString(),
        amount: { amount: row.total, currency: row.currency },
        url: apiPathTo.depositReceipt(row.number),
      }));
    },

    /** GET /api/balance/credit-notes. */
    async creditNotes(userId: string): Promise<CreditNote[]> {
      const rows = await creditNotesOf(db, userId);
      return rows.map((row) => ({
        number: row.number,
        issuedAt: row.issuedAt.toISOString(),
        receiptNumber: row.receiptNumber,
        orderId: row.orderId,
        reason: row.reason,
        cancels: row.cancels,
        amount: { amount: row.total, currency: row.currency },
        url: apiPathTo.creditNote(row.number),
      }));
    },

    /** GET /api/balance/credit-notes/{creditNoteNumber}. */
    async creditNote(userId: string, number: number): Promise<ReceiptFile> {
      const file = await creditNoteFile(db, { number, userId, publicUrl: config.publicUrl });
      // Another user's credit note is as unknown as one that does not exist.
      if (!file) throw new AppError('NOT_FOUND');
      return file;
    },

    /** GET /api/balance/receipts/{receiptNumber}. */
    async depositReceipt(userId: string, receiptNumber: number): Promise<ReceiptFile> {
      return render(userId, await depositReceiptOf(db, userId, receiptNumber));
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
