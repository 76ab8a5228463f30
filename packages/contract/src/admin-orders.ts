import { z } from 'zod';
import { RowIdParamSchema } from './common.js';
import { ADMIN_API_PREFIX } from './admin-paths.js';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';
import { OrderItemSchema, OrderStatusSchema } from './orders.js';
import { PaymentProviderSchema, PaymentPurposeSchema, PaymentStatusSchema } from './payments.js';

// The back office's orders and payments: search, detail with the payment
// events, and a refund to the buyer's balance.

export const ADMIN_ORDER_PAGE_SIZE = 25;

const DateSchema = z.iso.date();

/** GET /api/admin/orders?Status=paid&From=2025-01-01&To=2025-01-31&Email=ann&Currency=EUR&Page=2 */
export const AdminOrderQuerySchema = z.object({
  Status: OrderStatusSchema.optional(),
  // Days in UTC, both included.
  From: DateSchema.optional(),
  To: DateSchema.optional(),
  // A part of the buyer's address, any case.
  Email: z.string().trim().max(254).optional(),
  Currency: CurrencySchema.optional(),
  Page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuerySchema>;

export const AdminOrderSummarySchema = z.object({
  id: z.number().int().positive(),
  createdAt: z.string(),
  status: OrderStatusSchema,
  currency: CurrencySchema,
  total: MinorUnitsSchema.min(0),
  customerId: z.string(),
  customerEmail: z.string(),
  itemCount: z.number().int().min(0),
  giftCardAmount: MinorUnitsSchema.min(0),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().positive(),
});
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

export const PAYMENT_EVENT_OUTCOMES = [
  'applied',
  'ignored',
  'mismatch',
  'late',
  'undelivered',
  'unknown',
  // A dispute or refund in another currency than its payment's: kept for a person to settle.
  'otherCurrency',
] as const;
export const PaymentEventOutcomeSchema = z.enum(PAYMENT_EVENT_OUTCOMES);
export type PaymentEventOutcome = z.infer<typeof PaymentEventOutcomeSchema>;

/** One webhook event as the provider sent it and what it did. */
export const AdminPaymentEventSchema = z.object({
  provider: PaymentProviderSchema,
  eventId: z.string(),
  type: z.string(),
  amount: MinorUnitsSchema,
  currency: z.string(),
  outcome: PaymentEventOutcomeSchema,
  receivedAt: z.string(),
});
export type AdminPaymentEvent = z.infer<typeof AdminPaymentEventSchema>;

export const AdminPaymentSchema = z.object({
  id: z.string(),
  purpose: PaymentPurposeSchema,
  provider: PaymentProviderSchema,
  status: PaymentStatusSchema,
  amount: MinorUnitsSchema.min(0),
  currency: CurrencySchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
  events: z.array(AdminPaymentEventSchema),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const ADMIN_GIFT_CARD_STATES = ['unissued', 'unredeemed', 'redeemed', 'voided'] as const;

/** An order's gift card as the back office sees it: never its code, only the hint. */
export const AdminOrderGiftCardSchema = z.object({
  id: z.number().int().positive().nullable(),
  amount: MinorUnitsSchema.min(0),
  state: z.enum(ADMIN_GIFT_CARD_STATES),
  codeHint: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  redeemedByEmail: z.string().nullable(),
});
export type AdminOrderGiftCard = z.infer<typeof AdminOrderGiftCardSchema>;

export const AdminOrderDetailSchema = z.object({
  id: z.number().int().positive(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  status: OrderStatusSchema,
  currency: CurrencySchema,
  total: MinorUnitsSchema.min(0),
  paidByBalance: MinorUnitsSchema.min(0),
  paidByPayment: MinorUnitsSchema.min(0),
  balanceGivenBack: MinorUnitsSchema.min(0),
  refundedAt: z.string().nullable(),
  refundedAmount: MinorUnitsSchema.min(0),
  customerId: z.string(),
  customerEmail: z.string(),
  items: z.array(OrderItemSchema),
  giftCard: AdminOrderGiftCardSchema.nullable(),
  billing: z.object({
    firstName: z.string(),
    lastName: z.string(),
    country: z.string(),
    city: z.string(),
    address1: z.string(),
    state: z.string().nullable(),
    zipCode: z.string(),
  }),
  payments: z.array(AdminPaymentSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminOrderIdParamsSchema = z.strictObject({
  orderId: RowIdParamSchema,
});

/** POST /api/admin/orders/{orderId}/refund (Idempotency-Key accepted). */
export const AdminRefundRequestSchema = z.strictObject({
  reason: z.string().trim().max(500).optional(),
});
export type AdminRefundRequest = z.infer<typeof AdminRefundRequestSchema>;

export const AdminRefundResponseSchema = z.object({
  orderId: z.number().int().positive(),
  status: OrderStatusSchema,
  currency: CurrencySchema,
  // What went to the buyer's balance: the whole total, or without a gift card already redeemed.
  refundedAmount: MinorUnitsSchema.min(0),
  balanceAfter: MinorUnitsSchema.min(0),
  giftCard: z.enum(['none', 'voided', 'keptRedeemed']),
  revokedArtworks: z.number().int().min(0),
});
export type AdminRefundResponse = z.infer<typeof AdminRefundResponseSchema>;

/** Why a refund is refused (409), worded for the back office. */
export const ADMIN_REFUND_MESSAGES = {
  notPaid: 'Only a paid order can be refunded.',
  alreadyRefunded: 'This order has already been refunded.',
  nothingLeft:
    'This order held only a gift card, and it has been redeemed: there is nothing left to refund.',
  reversedAtProvider:
    'The payment provider has given this payment back in part or in full (a dispute or a refund made there): settle the rest at the provider.',
} as const;

/**
 * Money the provider captured that did not become a sale: `late` (a success after the payment was
 * settled as failed or expired; refunded automatically), `mismatch` (an amount or currency other
 * than the payment's) and `undelivered` (a success for an order that no longer waited for it).
 */
export const CAPTURED_UNSOLD_OUTCOMES = ['late', 'mismatch', 'undelivered'] as const;

/** Why a refund of captured money is refused (409), worded for the back office. */
export const ADMIN_PAYMENT_REFUND_MESSAGES = {
  alreadyRefunded: 'This payment has already been refunded.',
  providerFailed: 'The payment provider did not refund it. Nothing changed; please try again.',
  refundUnderWay:
    'The automatic refund of this payment is under way. Reload the page in a few minutes to see it.',
  disputed:
    "This payment is disputed: the payer's bank has taken the money back. Answer the dispute at the payment provider instead.",
} as const;

/** A captured payment that did not become a sale, with its refund once made. */
export const AdminLatePaymentSchema = z.object({
  eventId: z.string(),
  outcome: z.enum(CAPTURED_UNSOLD_OUTCOMES),
  provider: PaymentProviderSchema,
  receivedAt: z.string(),
  amount: MinorUnitsSchema,
  currency: z.string(),
  paymentId: z.string(),
  purpose: PaymentPurposeSchema,
  paymentStatus: PaymentStatusSchema,
  orderId: z.number().int().positive().nullable(),
  customerId: z.string(),
  customerEmail: z.string(),
  /** When the money went back through the provider, and the provider's refund id; null before. */
  refundedAt: z.string().nullable(),
  providerRefundId: z.string().nullable(),
});
export type AdminLatePayment = z.infer<typeof AdminLatePaymentSchema>;

/** A delayed payment (a bank debit) is listed once it has been processing this long. */
export const PROCESSING_EXPECTED_DAYS = 7;

/**
 * GET /api/admin/payments/processing: payments processing for longer than PROCESSING_EXPECTED_DAYS
 * (the sweep asks the provider about them; one that stays is worth a look in its dashboard).
 */
export const AdminProcessingPaymentSchema = z.object({
  paymentId: z.string(),
  provider: PaymentProviderSchema,
  purpose: PaymentPurposeSchema,
  orderId: z.number().int().positive().nullable(),
  customerId: z.string(),
  customerEmail: z.string(),
  amount: MinorUnitsSchema,
  currency: CurrencySchema,
  createdAt: z.string(),
  /** When the sweep last asked the provider; null before it first did. */
  checkedAt: z.string().nullable(),
});
export type AdminProcessingPayment = z.infer<typeof AdminProcessingPaymentSchema>;
export const AdminProcessingPaymentListSchema = z.array(AdminProcessingPaymentSchema);

/** POST /api/admin/payments/events/{eventId}/refund: the captured money goes back, once. */
export const AdminPaymentEventParamsSchema = z.strictObject({
  eventId: z.string().min(1).max(255),
});
export const AdminCapturedRefundResponseSchema = z.object({
  eventId: z.string(),
  amount: MinorUnitsSchema,
  currency: z.string(),
  providerRefundId: z.string(),
  refundedAt: z.string(),
});
export type AdminCapturedRefundResponse = z.infer<typeof AdminCapturedRefundResponseSchema>;

export const AdminLatePaymentListSchema = z.array(AdminLatePaymentSchema);

/** Concrete admin paths of one order, customer and so on, for callers. */
export const adminApiPathTo = {
  order: (orderId: number) => `${ADMIN_API_PREFIX}/orders/${orderId}`,
  orderRefund: (orderId: number) => `${ADMIN_API_PREFIX}/orders/${orderId}/refund`,
  paymentEventRefund: (eventId: string) =>
    `${ADMIN_API_PREFIX}/payments/events/${encodeURIComponent(eventId)}/refund`,
  otherCurrencyReversalSettle: (reversalId: number) =>
    `${ADMIN_API_PREFIX}/payments/other-currency-reversals/${reversalId}/settle`,
  creditNote: (creditNoteNumber: number) => `${ADMIN_API_PREFIX}/credit-notes/${creditNoteNumber}`,
  paymentSimulateDispute: (paymentId: string) =>
    `${ADMIN_API_PREFIX}/payments/${encodeURIComponent(paymentId)}/simulate-dispute`,
  customer: (customerId: string) =>
    `${ADMIN_API_PREFIX}/customers/${encodeURIComponent(customerId)}`,
  customerLedger: (customerId: string) =>
    `${ADMIN_API_PREFIX}/customers/${encodeURIComponent(customerId)}/ledger`,
};
