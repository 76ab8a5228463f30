import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { formatGiftCardCode, type OrderGiftCard } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { decryptGiftCardCode, type GiftCardKeys } from './codes.js';
import { giftCards } from './schema.js';

/**
 * The gift cards of a buyer's orders, by order id, for the order history. A code is shown once:
 * the request that wipes its sealed copy is the one that shows it (two requests at the same time
 * cannot both win the UPDATE), and from then on only its hint is left. The mail has it too.
 */
export async function giftCardsOfOrders(
  db: Db,
  keys: GiftCardKeys,
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

  const sealedIds = rows.filter((row) => row.codeSealed !== null).map((row) => row.id);
  const wiped =
    sealedIds.length === 0
      ? []
      : await db
          .update(giftCards)
          .set({ codeSealed: null })
          .where(and(inArray(giftCards.id, sealedIds), isNotNull(giftCards.codeSealed)))
          .returning({ id: giftCards.id });
  const shownNow = new Set(wiped.map(({ id }) => id));

  for (const row of rows) {
    if (row.orderId === null) continue;
    const code =
      shownNow.has(row.id) && row.codeSealed !== null
        ? decryptGiftCardCode(keys, row.codeHash, row.codeSealed)
        : null;
    const cards = byOrder.get(row.orderId) ?? [];
    cards.push({
      amount: { amount: row.amount, currency: row.currency },
      code: code === null ? null : formatGiftCardCode(code),
      codeHint: row.codeHint,
      redeemed: row.redeemedAt !== null,
      voided: row.voidedAt !== null,
    });
    byOrder.set(row.orderId, cards);
  }
  return byOrder;
}
