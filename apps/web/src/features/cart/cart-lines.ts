import type {
  CartItem,
  Currency,
  GiftCardInCart,
  Money,
  OfferAttributeLookup,
} from '@pictura/contract';

/** One picture line of the cart: the stored item and, once known, its offer and price. */
export interface CartLine {
  attributeId: number;
  /** Null when the server no longer sells this variant (unknown or unpublished). */
  attribute: OfferAttributeLookup | null;
}

export interface CartSummary {
  lines: CartLine[];
  /** The items that can be ordered, in the request's format. */
  orderable: CartItem[];
  giftCard: GiftCardInCart | null;
  /** Pictures that can be ordered plus the gift card, in the active currency. */
  total: Money;
  isEmpty: boolean;
}

/**
 * Puts the stored cart together with the looked-up prices. Sums are integers in minor units; a
 * price in another currency (an answer that arrived after a switch) is not counted.
 */
export function summariseCart(
  items: readonly CartItem[],
  attributes: readonly OfferAttributeLookup[] | undefined,
  giftCard: GiftCardInCart | null,
  currency: Currency,
): CartSummary {
  const byId = new Map((attributes ?? []).map((attribute) => [attribute.id, attribute]));
  const lines = items.map((item) => ({
    attributeId: item.attributes.id,
    attribute: byId.get(item.attributes.id) ?? null,
  }));
  const priced = lines.filter(
    (line): line is CartLine & { attribute: OfferAttributeLookup } =>
      line.attribute !== null && line.attribute.price.currency === currency,
  );
  const picturesTotal = priced.reduce((sum, line) => sum + line.attribute.price.amount, 0);
  const giftCardAmount = giftCard?.currency === currency ? giftCard.amount : 0;
  return {
    lines,
    orderable: priced.map((line) => ({ attributes: { id: line.attributeId } })),
    giftCard,
    total: { amount: picturesTotal + giftCardAmount, currency },
    isEmpty: items.length === 0 && giftCard === null,
  };
}
