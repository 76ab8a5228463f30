import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { issueGiftCard, type IssuedGiftCard } from '../gift-cards/index.js';
import type { OrdersDeps } from './deps.js';
import { queueDeliveredFiles } from './delivery-job.js';
import { grantArtworks } from './grant-artworks.js';
import { orderItems, orders, type OrderRow } from './schema.js';

/**
 * Marks a pending order paid and delivers it, in the transaction that learned of the payment: the
 * buyer may download its variants from now on (a variant bought before keeps its first purchase)
 * and its gift card, if any, is issued. The files it delivers are queued to be made and signed
 * now, not at each download. Answers the card, whose code is for the buyer's mail.
 */
export async function fulfilOrder(
  tx: Db,
  { giftCardKeys, deliveries }: Pick<OrdersDeps, 'giftCardKeys' | 'deliveries'>,
  order: OrderRow,
): Promise<IssuedGiftCard | null> {
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt: sql`now()`, expiresAt: null, paymentLink: null })
    .where(eq(orders.id, order.id));

  // In variant order, not cart order: settlements of one buyer's orders that share variants then
  // take their artworks' unique keys in one order and wait for each other instead of deadlocking.
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.offerAttributeId));
  if ((await grantArtworks(tx, order.userId, items)) > 0) {
    await queueDeliveredFiles(tx, deliveries, order.id);
  }

  if (order.giftCardAmount === 0) return null;
  return issueGiftCard(tx, giftCardKeys, {
    orderId: order.id,
    buyerId: order.userId,
    amount: order.giftCardAmount,
    currency: order.currency,
  });
}
