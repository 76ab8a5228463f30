// Orders and gift cards: the server's messages, spelt once so the web can translate them
// by value, and the shape of a gift card code.

export const ORDER_MESSAGES = {
  itemUnavailable: 'This item is not for sale any more.',
  itemTwice: 'This item is in the cart twice.',
  itemOwned: 'You already own this picture; download it from your artworks.',
  itemAwaitingPayment:
    'This picture is in an earlier order that waits for payment; pay it from your order history.',
  orderNotPayable: 'This order cannot be paid any more.',
  paymentBeingPrepared: 'The payment of this order is being prepared; try again in a moment.',
  // The same for an unknown code and a used one, so that a guess learns nothing.
  giftCardInvalid: 'This gift card number is not valid or has been used.',
} as const;

/**
 * Gift card codes: this many characters from 32 letters and digits without look-alikes (no 0/O,
 * 1/I): 5 bits each, 100 bits in all. Shown in groups of four joined by dashes.
 */
export const GIFT_CARD_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 20;
export const GIFT_CARD_CODE_GROUP = 4;

/** What a typed code is compared as: upper case, without spaces and dashes. */
export function normalizeGiftCardCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}

/** `ABCDEFGHJKLMNPQRSTUV` as `ABCD-EFGH-JKLM-NPQR-STUV`. */
export function formatGiftCardCode(code: string): string {
  return (code.match(new RegExp(`.{1,${GIFT_CARD_CODE_GROUP}}`, 'g')) ?? []).join('-');
}
