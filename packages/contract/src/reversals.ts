import { z } from 'zod';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';
import { PaymentProviderSchema, PaymentPurposeSchema, PaymentStatusSchema } from './payments.js';

// Money the provider gave back to the payer after the shop had delivered: a
// dispute (chargeback) the payer's bank opened, or a refund made at the provider (its dashboard).

/**
 * dispute: a chargeback took the money (Stripe `charge.dispute.funds_withdrawn`, or a dispute
 * created, updated or closed with a status past the inquiry); refund: `charge.refunded` (full or
 * partial); reinstatement: a dispute won (`charge.dispute.closed` with `won`, or
 * `charge.dispute.funds_reinstated`) gave back what its dispute had taken.
 */
export const PAYMENT_REVERSAL_KINDS = ['dispute', 'refund', 'reinstatement'] as const;
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
  /**
   * Taken from balances (the payer's, or the redeemer's of a gift card bought with the payment),
   * and the rest recorded as owed by the payer.
   */
  takenFromBalance: MinorUnitsSchema.min(0),
  debt: MinorUnitsSchema.min(0),
  /** An order's: how many purchased pictures were withdrawn. */
  withdrawnArtworks: z.number().int().min(0),
  /** A reinstatement's: given back to balances, debt cancelled, pictures given back. */
  givenBack: MinorUnitsSchema.min(0),
  debtCancelled: MinorUnitsSchema.min(0),
  restoredArtworks: z.number().int().min(0),
});
export type AdminPaymentReversal = z.infer<typeof AdminPaymentReversalSchema>;
export const AdminPaymentReversalListSchema = z.array(AdminPaymentReversalSchema);

/**
 * Where a dispute stands for the shop: an inquiry (Stripe `warning_*`, `prevented`) takes nothing;
 * withdrawn (a chargeback: `needs_response`, `under_review`, `lost`, an appeal, or
 * `funds_withdrawn`) takes the disputed amount back; reinstated (`won`, `funds_reinstated`) gives
 * it back. The stages only move forward, so late or replayed events change nothing.
 */
export const DISPUTE_STAGES = ['inquiry', 'withdrawn', 'reinstated'] as const;
export const DisputeStageSchema = z.enum(DISPUTE_STAGES);
export type DisputeStage = z.infer<typeof DisputeStageSchema>;

/**
 * POST /api/admin/payments/{paymentId}/simulate-dispute (sandbox shops only): the back office plays
 * the provider and sends a signed dispute event for a payment through the webhook route.
 */
export const AdminSimulateDisputeParamsSchema = z.strictObject({ paymentId: z.uuid() });
export const AdminSimulateDisputeRequestSchema = z.strictObject({
  stage: DisputeStageSchema,
  amount: MinorUnitsSchema.positive(),
});
export type AdminSimulateDisputeRequest = z.infer<typeof AdminSimulateDisputeRequestSchema>;
export const AdminSimulateDisputeResponseSchema = z.object({
  eventId: z.string(),
  outcome: z.string(),
});
export type AdminSimulateDisputeResponse = z.infer<typeof AdminSimulateDisputeResponseSchema>;
