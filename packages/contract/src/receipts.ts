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

/**
 * Why a credit note was issued: money given back (by the shop or at the provider), a dispute, or a
 * dispute won: that document cancels the dispute's credit note (`cancels`), as the sale stands again.
 */
export const CREDIT_NOTE_REASONS = ['refund', 'dispute', 'disputeWon'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

/** GET /api/balance/credit-notes/{creditNoteNumber}: one of my credit notes, as a PDF. */
export const CreditNoteNumberParamsSchema = z.strictObject({ creditNoteNumber: RowIdParamSchema });

/**
 * A credit note: the document that corrects a receipt when money of it is given back (a refund from
 * the back office or at the provider, a dispute). Numbered in its own series without gaps.
 */
export const CreditNoteSchema = z.object({
  number: z.number().int().positive(),
  issuedAt: z.string(),
  /** The receipt it corrects, and that receipt's order (null for a deposit's). */
  receiptNumber: z.number().int().positive(),
  orderId: z.number().int().positive().nullable(),
  /** refund: given back by the shop or at the provider; dispute: taken back by the payer's bank. */
  reason: z.enum(CREDIT_NOTE_REASONS),
  /** A dispute won's: the credit note it cancels (in part or in full); null for every other. */
  cancels: z.number().int().positive().nullable(),
  /** What it credits (a cancellation: what it charges again), VAT included. */
  amount: MoneySchema,
  // Authorised endpoint (Bearer token): the PDF.
  url: z.string(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

/** Newest first. */
export const CreditNoteListSchema = z.array(CreditNoteSchema);

/** A credit note's file name, the same for the mail's attachment and a download. */
export const creditNoteFileName = (creditNoteNumber: number): string =>
  `pictura-credit-note-${creditNoteNumber}.pdf`;
