import { z } from 'zod';
import { BillingAddressFields } from './accounts.js';
import { RowIdSchema, shortText } from './common.js';
import { LIMITS, type CartItem, type GiftCardInCart } from './cart.js';
import { GIFT_CARD_OFFER_ATTRIBUTE_ID, GIFT_CARD_OFFER_ID } from './constants.js';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';

/**
 * Browser info sent with orders and deposits (docs/product/api.md#request-fields), kept for the
 * payment provider.
 */
export const BrowserInfoFields = {
  javascriptEnabled: z.boolean(),
  acceptLanguage: z.string().max(256),
  screenWidth: z.number().int().min(0).max(100_000),
  screenHeight: z.number().int().min(0).max(100_000),
  timeZone: z.string().max(64),
  userAgent: z.string().max(512),
};

/**
 * Browser info fields that change while the same payment is retried (a phone turned on its side
 * swaps the screen's width and height): left out when a request is compared with an earlier one
 * under the same Idempotency-Key, in the browser and on the server, so a retry is the same attempt.
 */
export const ATTEMPT_VOLATILE_FIELDS: readonly string[] = ['screenWidth', 'screenHeight'];

/** JSON text of a request as attempts are compared: without `ATTEMPT_VOLATILE_FIELDS`, at any depth. */
export const attemptJson = (request: unknown): string =>
  JSON.stringify(request ?? null, (key: string, value: unknown) =>
    ATTEMPT_VOLATILE_FIELDS.includes(key) ? undefined : value,
  );

/**
 * Billing and checkout fields (docs/product/api.md#request-fields); the agreement must be given.
 */
export const CheckoutBillingFields = {
  firstName: shortText(100),
  lastName: shortText(100),
  ...BillingAddressFields,
  agreedToPP_TOS: z.literal(true, 'You must agree to the privacy policy and the terms'),
};

/**
 * A cart item points at a purchasable offer attribute (docs/product/browser.md#cart-and-gift-card).
 */
export const CartItemSchema = z.strictObject({
  attributes: z.strictObject({ id: RowIdSchema }),
}) satisfies z.ZodType<CartItem>;

/**
 * A gift card in the cart, kept under storage key `gift-card`
 * (docs/product/browser.md#cart-and-gift-card).
 */
export const GiftCardInCartSchema = z.strictObject({
  offerId: z.literal(GIFT_CARD_OFFER_ID),
  offerAttributeId: z.literal(GIFT_CARD_OFFER_ATTRIBUTE_ID),
  amount: MinorUnitsSchema.min(LIMITS.giftCardMin).max(LIMITS.giftCardMax),
  currency: CurrencySchema,
}) satisfies z.ZodType<GiftCardInCart>;

export const OrderRequestSchema = z
  .strictObject({
    ...CheckoutBillingFields,
    cartItems: z.array(CartItemSchema).max(LIMITS.cartItemsMax),
    // 0 means no gift card in this order.
    giftCardAmount: MinorUnitsSchema.min(0).max(LIMITS.giftCardMax),
    currency: CurrencySchema,
    payByBalance: z.boolean(),
    ...BrowserInfoFields,
  })
  .refine((order) => order.giftCardAmount === 0 || order.giftCardAmount >= LIMITS.giftCardMin, {
    message: `A gift card is at least ${LIMITS.giftCardMin} minor units`,
    path: ['giftCardAmount'],
  })
  .refine((order) => order.cartItems.length > 0 || order.giftCardAmount > 0, {
    message: 'The cart is empty',
    path: ['cartItems'],
  });
export type OrderRequest = z.infer<typeof OrderRequestSchema>;

export const DepositRequestSchema = z.strictObject({
  ...CheckoutBillingFields,
  depositAmount: MinorUnitsSchema.min(LIMITS.depositMin).max(LIMITS.depositMax),
  currency: CurrencySchema,
  ...BrowserInfoFields,
});
export type DepositRequest = z.infer<typeof DepositRequestSchema>;
