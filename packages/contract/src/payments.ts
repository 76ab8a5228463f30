import { z } from 'zod';
import { RowIdParamSchema } from './common.js';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

export const PAYMENT_PURPOSES = ['order', 'deposit'] as const;
export const PaymentPurposeSchema = z.enum(PAYMENT_PURPOSES);
export type PaymentPurpose = z.infer<typeof PaymentPurposeSchema>;

/**
 * pending: waiting for the shopper; processing: completed with a delayed method (bank debit), its
 * outcome still to come; succeeded, failed, expired: settled; late: paid after the shop had given
 * up on it, so refunded through the provider; refunded: refunded afterwards (from the back office
 * or at the provider); disputed: the shopper's bank took it back (a chargeback).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'processing',
  'succeeded',
  'failed',
  'expired',
  'late',
  'refunded',
  'disputed',
] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * Why a payment did not go through, as the provider said it: the card was declined, the 3-D Secure
 * step failed, or the time to pay ran out. Null for a success, a pending payment, or a failure the
 * provider gave no reason for.
 */
export const PAYMENT_FAILURE_REASONS = ['cardDeclined', 'authenticationFailed', 'expired'] as const;
export const PaymentFailureReasonSchema = z.enum(PAYMENT_FAILURE_REASONS);
export type PaymentFailureReason = z.infer<typeof PaymentFailureReasonSchema>;

/** GET /api/payments/{paymentId}: what the result page after the gateway shows (owner only). */
export const PaymentResultSchema = z.object({
  id: z.string(),
  purpose: PaymentPurposeSchema,
  status: PaymentStatusSchema,
  amount: MinorUnitsSchema.min(0),
  currency: CurrencySchema,
  // Set for an order's payment: the order to show, or to pay again after a failure.
  orderId: z.number().int().positive().nullable(),
  failureReason: PaymentFailureReasonSchema.nullable(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const PaymentIdParamsSchema = z.strictObject({ paymentId: z.uuid() });
export const OrderIdParamsSchema = z.strictObject({ orderId: RowIdParamSchema });
export const ArtworkIdParamsSchema = z.strictObject({ artworkId: RowIdParamSchema });

/** The shop's page the gateway sends the shopper back to: /payment-result?payment={id}. */
export const PAYMENT_RESULT_QUERY = 'payment';

/** An order the balance paid whole has no payment: its link is /payment-result?order={orderId}. */
export const PAYMENT_RESULT_ORDER_QUERY = 'order';
