import { z } from 'zod';
import { RowIdParamSchema } from './common.js';
import { MoneySchema } from './money.js';

// Receipts: one per paid order and per credited deposit, numbered without gaps.

/** GET /api/balance/receipts/{receiptNumber}: one of my deposit receipts, as a PDF. */
export const ReceiptNumberParamsSchema = z.strictObject({ receiptNumber: RowIdParamSchema });

/** A deposit's receipt as the wallet lists it (GET /api/balance/receipts). */
export const DepositReceiptSchema = z.object({
  number: z.number().int().positive(),
  issuedAt: z.string(),
  amount: MoneySchema,
  // Authorised endpoint (Bearer token): the PDF.
  url: z.string(),
});
export type DepositReceipt = z.infer<typeof DepositReceiptSchema>;

/** Newest first. */
export const DepositReceiptListSchema = z.array(DepositReceiptSchema);

/** A receipt's file name, the same for the mail's attachment and a download. */
export const receiptFileName = (receiptNumber: number): string =>
  `pictura-receipt-${receiptNumber}.pdf`;
