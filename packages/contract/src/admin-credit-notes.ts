import { z } from 'zod';
import { RowIdParamSchema } from './common.js';
import { MinorUnitsSchema, MoneySchema } from './money.js';
import { CREDIT_NOTE_REASONS } from './receipts.js';

// The back office's credit notes: the documents every refund and reversal issued, beside the
// order or payment they correct, each downloadable as the PDF the buyer was sent.

/** Without a filter the list holds the newest this many. */
export const ADMIN_CREDIT_NOTE_LIST_LIMIT = 50;

/**
 * GET /api/admin/credit-notes?OrderId=12 (an order's), ?PaymentId=<uuid> (those correcting the
 * receipt the payment paid: its deposit's, or its order's once it paid the order), or neither
 * (the newest, ADMIN_CREDIT_NOTE_LIST_LIMIT of them). Not both.
 */
export const AdminCreditNoteQuerySchema = z
  .strictObject({
    OrderId: RowIdParamSchema.optional(),
    PaymentId: z.uuid().optional(),
  })
  .refine((query) => query.OrderId === undefined || query.PaymentId === undefined, {
    message: 'Give an order or a payment, not both.',
    path: ['PaymentId'],
  });
export type AdminCreditNoteQuery = z.infer<typeof AdminCreditNoteQuerySchema>;

/** GET /api/admin/credit-notes/{creditNoteNumber}: one credit note as a PDF. */
export const AdminCreditNoteNumberParamsSchema = z.strictObject({
  creditNoteNumber: RowIdParamSchema,
});

export const AdminCreditNoteSchema = z.object({
  number: z.number().int().positive(),
  issuedAt: z.string(),
  reason: z.enum(CREDIT_NOTE_REASONS),
  /** A dispute won's: the credit note it cancels; null for every other. */
  cancels: z.number().int().positive().nullable(),
  /** The receipt it corrects, and what that receipt was for: an order, or a deposit's payment. */
  receiptNumber: z.number().int().positive(),
  orderId: z.number().int().positive().nullable(),
  depositPaymentId: z.string().nullable(),
  /** The buyer; null once the account was deleted (the document is kept). */
  customerId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  /** What it credits (a cancellation: what it charges again), VAT included, and the VAT in it. */
  amount: MoneySchema,
  vat: MinorUnitsSchema.min(0),
  // Authorised endpoint (Bearer token, admin): the PDF.
  url: z.string(),
});
export type AdminCreditNote = z.infer<typeof AdminCreditNoteSchema>;

/** Newest first. */
export const AdminCreditNoteListSchema = z.array(AdminCreditNoteSchema);
