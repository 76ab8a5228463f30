import { z } from 'zod';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';

/** What caused a balance movement (docs/product/money.md#balances). */
export const LEDGER_ENTRY_KINDS = [
  'deposit',
  'giftCard',
  'order',
  'generationHold',
  'generationCapture',
  'generationRelease',
  'refund',
  // A deposit's credit taken back because the provider refunded it or the bank disputed it.
  'reversal',
  // A credit that went to what the customer owed from such a reversal (see BalanceDebtSchema).
  'debtPayment',
  // What a reversal took, given back because the shop won the dispute.
  'reinstatement',
] as const;
export const LedgerEntryKindSchema = z.enum(LEDGER_ENTRY_KINDS);
export type LedgerEntryKind = z.infer<typeof LedgerEntryKindSchema>;

export const LedgerEntrySchema = z.object({
  id: z.number().int().positive(),
  currency: CurrencySchema,
  // Positive credits the balance, negative debits it.
  amount: MinorUnitsSchema,
  balanceAfter: MinorUnitsSchema.min(0),
  kind: LedgerEntryKindSchema,
  // The order, deposit, gift card or generation it belongs to, e.g. "order:12".
  reference: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LEDGER_PAGE_SIZE = 50;

/** GET /api/balance/history?Currency=EUR&Before=123: newest first, LEDGER_PAGE_SIZE per page. */
export const LedgerHistoryQuerySchema = z.object({
  Currency: CurrencySchema,
  // An entry id: the page holds entries older than it.
  Before: z.coerce.number().int().positive().optional(),
});
export type LedgerHistoryQuery = z.infer<typeof LedgerHistoryQuerySchema>;

export const LedgerHistorySchema = z.object({
  entries: z.array(LedgerEntrySchema),
  // Pass as Before for the next page; null on the last page.
  nextBefore: z.number().int().positive().nullable(),
});
export type LedgerHistory = z.infer<typeof LedgerHistorySchema>;
