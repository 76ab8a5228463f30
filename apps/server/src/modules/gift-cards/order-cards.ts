import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { formatGiftCardCode, type OrderGiftCard, type OrderGiftCardCode } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { decryptGiftCardCode, type GiftCardKeys } from './codes.js';
import { giftCards, type GiftCardRow } from './schema.js';

/** A card's code can be shown while its sealed copy is kept: until it is redeemed or voided. */
const codeAvailable = (row: GiftCardRow): boolean =>
  row.codeSealed !== null && row.redeemedAt === null && row.voidedAt === null;

/**
 * The gift cards of a buyer's orders, by order id, for the order history: amount, hint and state,
 * never the code itself (lists are cached, logged by proxies, shown to anyone near the screen).
 */
export async function giftCardsOfOrders(
  db: Db,
  buyerId: string,
  orderIds: readonly number[],
): Promise<Map<number, OrderGiftCard[]>> {
  const byOrder = new Map<number, OrderGiftCard[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.buyerId, buyerId), inArray(giftCards.orderId, [...orderIds])))
    .orderBy(asc(giftCards.id));
  for (const row of rows) {
    if (row.orderId === null) continue;
    const cards = byOrder.get(row.orderId) ?? [];
    cards.push({
      amount: { amount: row.amount, currency: row.currency },
      codeHint: row.codeHint,
      codeAvailable: codeAvailable(row),
      redeemed: row.redeemedAt !== null,
      voided: row.voidedAt !== null,
    });
    byOrder.set(row.orderId, cards);
  }
  return byOrder;
}

/**
 * The full codes of one order's cards that its buyer can still use, opened from their sealed
 * copies: asked for on purpose (the payment result, a "show code" button), as often as needed until
 * the card is redeemed, which wipes the sealed copy. Another user's order has no cards here.
 */
export async function giftCardCodesOfOrder(
  db: Db,
  keys: GiftCardKeys,
  buyerId: string,
  orderId: number,
): Promise<OrderGiftCardCode[]> {
  const rows = await db
    .select()
    .from(giftCards)
    .where(
      and(
        eq(giftCards.buyerId, buyerId),
        eq(giftCards.orderId, orderId),
        isNotNull(giftCards.codeSealed),
        isNull(giftCards.redeemedAt),
        isNull(giftCards.voidedAt),
      ),
    )
    .orderBy(asc(giftCards.id));
  const codes: OrderGiftCardCode[] = [];
  for (const row of rows) {
    const code = row.codeSealed ? decryptGiftCardCode(keys, row.codeHash, row.codeSealed) : null;
    if (code === null) continue;
    codes.push({
      amount: { amount: row.amount, currency: row.currency },
      code: formatGiftCardCode(code),
    });
  }
  return codes;
}
