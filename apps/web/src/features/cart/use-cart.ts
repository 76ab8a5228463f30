import { useCurrency } from '../../lib/currency';
import { useCartAttributes } from './api/get-cart-attributes';
import { useCartItems } from './cart-store';
import { summariseCart } from './cart-lines';
import { useGiftCardInCart } from './gift-card-store';

/**
 * The whole cart for its page and the checkout: stored items, gift card, prices looked up in the
 * active currency, and the state of that lookup.
 */
export function useCart() {
  const currency = useCurrency();
  const items = useCartItems();
  const giftCard = useGiftCardInCart();
  const ids = items.map((item) => item.attributes.id);
  const lookup = useCartAttributes(ids, currency);
  const summary = summariseCart(items, lookup.data, giftCard, currency);
  return {
    ...summary,
    currency,
    // No lookup is made for a cart with a gift card only.
    isLoading: ids.length > 0 && lookup.isPending,
    error: ids.length > 0 && lookup.isError ? lookup.error : null,
    retry: () => void lookup.refetch(),
  };
}

export type Cart = ReturnType<typeof useCart>;
