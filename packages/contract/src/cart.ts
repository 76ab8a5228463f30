import { GIFT_CARD_OFFER_ATTRIBUTE_ID, GIFT_CARD_OFFER_ID, ROW_ID_MAX } from './constants.js';
import { CURRENCIES, isOneOf, type Currency } from './enums.js';

// What the cart holds, checked without zod: the web reads the cart from local storage on every first
// view. `CartItemSchema` and `GiftCardInCartSchema` (checkout.ts) are the same checks with zod.

/**
 * Amount limits in minor units, the same for EUR and USD
 * (docs/decisions/foundation/amount-limits.md).
 */
export const LIMITS = {
  depositMin: 500,
  depositMax: 100_000,
  giftCardMin: 500,
  giftCardMax: 50_000,
  cartItemsMax: 50,
} as const;

/**
 * A cart item points at a purchasable offer attribute (docs/product/browser.md#cart-and-gift-card).
 */
export interface CartItem {
  attributes: { id: number };
}

/**
 * A gift card in the cart, kept under storage key `gift-card`
 * (docs/product/browser.md#cart-and-gift-card).
 */
export interface GiftCardInCart {
  offerId: typeof GIFT_CARD_OFFER_ID;
  offerAttributeId: typeof GIFT_CARD_OFFER_ATTRIBUTE_ID;
  amount: number;
  currency: Currency;
}

type Fields = Record<string, unknown>;

/** A plain object with exactly these keys (the zod schemas are strict objects). */
function hasExactly(value: unknown, keys: readonly string[]): value is Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => own.includes(key));
}

const isRowId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) <= ROW_ID_MAX;

export function isCartItem(value: unknown): value is CartItem {
  return (
    hasExactly(value, ['attributes']) &&
    hasExactly(value.attributes, ['id']) &&
    isRowId(value.attributes.id)
  );
}

export function isGiftCardInCart(value: unknown): value is GiftCardInCart {
  if (!hasExactly(value, ['offerId', 'offerAttributeId', 'amount', 'currency'])) return false;
  const { offerId, offerAttributeId, amount, currency } = value;
  return (
    offerId === GIFT_CARD_OFFER_ID &&
    offerAttributeId === GIFT_CARD_OFFER_ATTRIBUTE_ID &&
    Number.isSafeInteger(amount) &&
    (amount as number) >= LIMITS.giftCardMin &&
    (amount as number) <= LIMITS.giftCardMax &&
    isOneOf(CURRENCIES, currency)
  );
}
