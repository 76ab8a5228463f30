import { z } from 'zod';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema, MoneySchema } from './money.js';
import { OfferImageSchema } from './offers.js';

/** How long a pending order waits for its payment before it expires. */
export const ORDER_PAYMENT_WINDOW_MINUTES = 30;

// 'refunded': paid, then refunded to the buyer's balance from the back office.
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** One purchased variant, as it was when ordered (a snapshot: later catalog edits change nothing). */
export const OrderItemSchema = z.object({
  offerId: z.number().int(),
  offerAttributeId: z.number().int(),
  urlName: z.string(),
  title: z.string(),
  kind: z.string(),
  price: MoneySchema,
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/**
 * A gift card bought in an order, as lists show it: never its code. `codeAvailable` says whether
 * its owner can still ask for the code (GET /api/orders/{orderId}/gift-card-codes): from payment
 * until the card is redeemed or voided.
 */
export const OrderGiftCardSchema = z.object({
  amount: MoneySchema,
  codeHint: z.string().nullable(),
  codeAvailable: z.boolean(),
  redeemed: z.boolean(),
  // Voided when its order was refunded before anyone redeemed it: the code no longer works.
  voided: z.boolean(),
});
export type OrderGiftCard = z.infer<typeof OrderGiftCardSchema>;

export const OrderSchema = z.object({
  id: z.number().int().positive(),
  createdAt: z.string(),
  status: OrderStatusSchema,
  currency: CurrencySchema,
  total: MinorUnitsSchema.min(0),
  // The part the balance paid (given back when the payment fails or the order expires).
  paidByBalance: MinorUnitsSchema.min(0),
  // The part left to the payment link.
  paidByPayment: MinorUnitsSchema.min(0),
  items: z.array(OrderItemSchema),
  giftCards: z.array(OrderGiftCardSchema),
  // Where to pay a pending order; null once paid, failed or expired.
  paymentLink: z.string().nullable(),
  expiresAt: z.string().nullable(),
  // The receipt's number once the order is paid (GET /api/orders/{orderId}/receipt is its PDF).
  receiptNumber: z.number().int().positive().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderListSchema = z.array(OrderSchema);

/** GET /api/orders/{orderId}/gift-card-codes: the full codes of the owner's unredeemed cards. */
export const OrderGiftCardCodeSchema = z.object({ amount: MoneySchema, code: z.string() });
export type OrderGiftCardCode = z.infer<typeof OrderGiftCardCodeSchema>;
export const OrderGiftCardCodeListSchema = z.array(OrderGiftCardCodeSchema);

/** A purchased variant the user may download (GET /api/artworks). */
export const PurchasedArtworkSchema = z.object({
  id: z.number().int().positive(),
  orderId: z.number().int().positive(),
  offerId: z.number().int().positive(),
  offerAttributeId: z.number().int().positive(),
  urlName: z.string(),
  title: z.string(),
  style: z.string(),
  kind: z.string(),
  purchasedAt: z.string(),
  image: OfferImageSchema,
  // Authorised endpoints (Bearer token): the original picture and its licence text.
  downloadUrl: z.string(),
  licenceUrl: z.string(),
});
export type PurchasedArtwork = z.infer<typeof PurchasedArtworkSchema>;

export const PurchasedArtworkListSchema = z.array(PurchasedArtworkSchema);
