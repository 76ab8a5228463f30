import { ORDER_MESSAGES, type CartItem, type Currency } from '@pictura/contract';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/db/index.js';
import { priceAttributes } from '../catalog/index.js';

/** A cart item priced from the database: what the order's snapshot keeps. */
export interface PricedItem {
  position: number;
  offerId: number;
  offerAttributeId: number;
  urlName: string;
  title: string;
  kind: string;
  price: number;
}

/**
 * Prices the cart in `currency` from the catalog: the request carries variant ids only, never a
 * price. A variant that is unknown or not for sale, or in the cart twice, is a field error on
 * `cartItems.{index}` (every such item at once, so the cart page can mark them all).
 */
export async function priceCart(
  db: Db,
  cartItems: readonly CartItem[],
  currency: Currency,
): Promise<PricedItem[]> {
  const ids = cartItems.map((item) => item.attributes.id);
  const priced = new Map(
    (await priceAttributes(db, ids, currency)).map((attribute) => [attribute.id, attribute]),
  );

  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  const items: PricedItem[] = [];
  ids.forEach((id, index) => {
    const attribute = priced.get(id);
    if (seen.has(id)) {
      errors[`cartItems.${index}`] = ORDER_MESSAGES.itemTwice;
    } else if (!attribute) {
      errors[`cartItems.${index}`] = ORDER_MESSAGES.itemUnavailable;
    } else {
      items.push({
        position: index,
        offerId: attribute.offerId,
        offerAttributeId: attribute.id,
        urlName: attribute.offerUrlName,
        title: attribute.offerTitle,
        kind: attribute.kind,
        price: attribute.price.amount,
      });
    }
    seen.add(id);
  });
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
  return items;
}
