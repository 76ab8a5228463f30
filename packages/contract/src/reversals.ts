import { z } from 'zod';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';
import { PaymentProviderSchema, PaymentPurposeSchema, PaymentStatusSchema } from './payments.js';

// Money the provider gave back to the payer after the shop had delivered: a
// dispute (chargeback) the payer's bank opened, or a refund made at the provider (its dashboard).

/** dispute: `charge.dispute.created`; refund: `charge.refunded` (full or partial). */
export const PAYMENT_REVERSAL_KINDS = ['dispute', 'refund'] as const;
export const PaymentReversalKindSchema = z.enum(PAYMENT_REVERSAL_KINDS);
export type PaymentReversalKind = z.infer<typeof PaymentReversalKindSchema>;

/**
 * GET /api/balance/debt: what the customer owes per currency (only currencies with a debt). A
 * reversed deposit takes its credit back from the balance as far as it goes; the rest is owed,
 * and the next credits (deposit, gift card) pay it first. Spending in that currency waits.
 */
export const BalanceDebtSchema = z.object({
  currency: CurrencySchema,
  amount: MinorUnitsSchema.positive(),
});
export type BalanceDebt = z.infer<typeof BalanceDebtSchema>;
export const BalanceDebtListSchema = z.array(BalanceDebtSchema);

/** One dispute or provider refund as the back office lists it (GET /api/admin/payments/reversals). */
export const AdminPaymentReversalSchema = z.object({
  id: z.number().int().positive(),
  kind: PaymentReversalKindSchema,
  provider: PaymentProviderSchema,
  eventId: z.string(),
  receivedAt: z.string(),
  paymentId: z.string(),
  purpose: PaymentPurposeSchema,
  paymentStatus: PaymentStatusSchema,
  orderId: z.number().int().positive().nullable(),
  customerId: z.string(),
  customerEmail: z.string(),
  currency: CurrencySchema,
  /** What the provider gave back to the payer with this event (beyond what earlier ones did). */
  amount: MinorUnitsSchema.min(0),
  /** A deposit's: taken from the balance, and the rest recorded as owed. */
  takenFromBalance: MinorUnitsSchema.min(0),
  debt: MinorUnitsSchema.min(0),
  /** An order's: how many purchased pictures were withdrawn. */
  withdrawnArtworks: z.number().int().min(0),
});
export type AdminPaymentReversal = z.infer<typeof AdminPaymentReversalSchema>;
export const AdminPaymentReversalListSchema = z.array(AdminPaymentReversalSchema);
