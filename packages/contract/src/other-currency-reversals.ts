import { z } from 'zod';
import { RowIdParamSchema } from './common.js';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';
import { PaymentProviderSchema, PaymentPurposeSchema } from './payments.js';
import { DisputeStageSchema } from './reversals.js';

// A dispute or a refund made at the provider in another currency than its payment's. The shop
// cannot tell what that amount is worth in the payment's currency, so it moves nothing: it keeps
// the event for a person to settle at the provider and by hand, and mails the shop.

/** What the provider did: a dispute (at one of its stages) or a refund made in its dashboard. */
export const OTHER_CURRENCY_REVERSAL_TYPES = ['dispute', 'refund'] as const;
export const OtherCurrencyReversalTypeSchema = z.enum(OTHER_CURRENCY_REVERSAL_TYPES);
export type OtherCurrencyReversalType = z.infer<typeof OtherCurrencyReversalTypeSchema>;

/** One such event as GET /api/admin/payments/other-currency-reversals lists it. */
export const AdminOtherCurrencyReversalSchema = z.object({
  id: z.number().int().positive(),
  provider: PaymentProviderSchema,
  eventId: z.string(),
  receivedAt: z.string(),
  type: OtherCurrencyReversalTypeSchema,
  /** A dispute's stage as the event said it; null for a refund. */
  disputeStage: DisputeStageSchema.nullable(),
  /** As the provider sent it: a disputed amount, or everything refunded so far, in its currency. */
  amount: MinorUnitsSchema.min(0),
  /** ISO 4217, upper case: any currency, not only the shop's. */
  currency: z.string(),
  paymentId: z.string(),
  purpose: PaymentPurposeSchema,
  orderId: z.number().int().positive().nullable(),
  paymentAmount: MinorUnitsSchema.positive(),
  paymentCurrency: CurrencySchema,
  customerId: z.string(),
  customerEmail: z.string(),
  /** When a person marked it settled, and who; null while it waits. */
  settledAt: z.string().nullable(),
  settledBy: z.string().nullable(),
});
export type AdminOtherCurrencyReversal = z.infer<typeof AdminOtherCurrencyReversalSchema>;
export const AdminOtherCurrencyReversalListSchema = z.array(AdminOtherCurrencyReversalSchema);

/** POST /api/admin/payments/other-currency-reversals/{reversalId}/settle: no body; answers the row. */
export const AdminOtherCurrencyReversalParamsSchema = z.strictObject({
  reversalId: RowIdParamSchema,
});
