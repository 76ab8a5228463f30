import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, type CartItem, type Currency } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { priceAttributes } from '../catalog/index.js';
import { orderItems, orders, purchasedArtworks } from './schema.js';

/** A cart item priced from the database: what the order's snapshot keeps. */
interface PricedItem {
  position: number;
  offerId: number;
  offerAttributeId: number;
  urlName: string;
  title: string;
  kind: string;
  price: number;
}

/** The variants among `ids` that `userId` has bought already (a paid order granted them). */
export async function ownedVariants(db: Db, userId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: purchasedArtworks.offerAttributeId })
    .from(purchasedArtworks)
    .where(
      and(eq(purchasedArtworks.userId, userId), inArray(purchasedArtworks.offerAttributeId, ids)),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * The variants among `ids` in `userId`'s orders that still wait for payment. Paying two orders of
 * one download would charge twice for one grant, so a second order waits until the first is paid
 * (then the variant is owned) or has failed or expired.
 */
export async function variantsAwaitingPayment(
  db: Db,
  userId: string,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: orderItems.offerAttributeId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        inArray(orderItems.offerAttributeId, ids),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** The first key of the two-key advisory lock that serialises one user's orders. */
const ORDER_LOCK_CLASS = 0x6f72; // "or"

/**
 * Makes one user's order placements take turns until their transactions end, so that the owned
 * and awaiting-payment checks of a second order see the first one's items. Needs READ COMMITTED:
 * the checks that follow the wait must read what the first order committed.
 */
export async function lockUsersOrders(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK_CLASS}, hashtext(${userId}))`);
}

/**
 * Prices `userId`'s cart in `currency` from the catalog: the request carries variant ids only,
 * never a price. A variant that is unknown or not for sale, in the cart twice, already the user's
 * (a download is bought once) or in the user's order awaiting payment is a field error on
 * `cartItems.{index}` (every such item at once, so the cart page can mark them all). Call it after
 * `lockUsersOrders` in the order's transaction.
 */
export async function priceCart(
  db: Db,
  userId: string,
  cartItems: readonly CartItem[],
  currency: Currency,
): Promise<PricedItem[]> {
  const ids = cartItems.map((item) => item.attributes.id);
  const priced = new Map(
    (await priceAttributes(db, ids, currency)).map((attribute) => [attribute.id, attribute]),
  );
  const owned = await ownedVariants(db, userId, ids);
  const awaitingPayment = await variantsAwaitingPayment(db, userId, ids);

  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  const items: PricedItem[] = [];
  ids.forEach((id, index) => {
    const attribute = priced.get(id);
    if (seen.has(id)) {
      errors[`cartItems.${index}`] = ORDER_MESSAGES.itemTwice;
    } else if (!attribute) {
      errors[`cartItems.${index}`] = ORDER_MESSAGES.itemUnavailable;
    } else if (owned.has(id)) {
      errors[`cartItems.${index}`] = ORDER_MESSAGES.itemOwned;
    } else if (awaitingPayment.has(id)) {
      errors[`cartItems.${index}`] = ORDER_MESSAGES.itemAwaitingPayment;
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
