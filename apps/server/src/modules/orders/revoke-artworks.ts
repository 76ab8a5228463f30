import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { grantArtworks } from './grant-artworks.js';
import { orderItems, orders, purchasedArtworks, type OrderRow } from './schema.js';

/**
 * Takes back the downloads an order gave (rows deleted: the downloads answer 404 from now on), all
 * of them or only those of `variants`. A variant the buyer also paid for in another paid order
 * (on a line not withdrawn) stays theirs: it is granted again through that order. Answers how
 * many variants the buyer lost.
 */
export async function revokeArtworks(
  tx: Db,
  order: OrderRow,
  variants?: readonly number[],
): Promise<number> {
  const ofOrder = and(
    eq(purchasedArtworks.orderId, order.id),
    variants === undefined ? undefined : inArray(purchasedArtworks.offerAttributeId, [...variants]),
  );
  // Locked in variant order first, as settlements insert them (fulfilment.ts): a DELETE alone
  // would lock them in whatever order it finds them.
  await tx
    .select({ id: purchasedArtworks.id })
    .from(purchasedArtworks)
    .where(ofOrder)
    .orderBy(asc(purchasedArtworks.offerAttributeId))
    .for('update');
  const removed = await tx
    .delete(purchasedArtworks)
    .where(ofOrder)
    .returning({ offerAttributeId: purchasedArtworks.offerAttributeId });
  if (removed.length === 0) return 0;
  const stillPaid = await tx
    .select({ item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, order.userId),
        eq(orders.status, 'paid'),
        ne(orders.id, order.id),
        isNull(orderItems.withdrawnAt),
        inArray(
          orderItems.offerAttributeId,
          removed.map((row) => row.offerAttributeId),
        ),
      ),
    )
    // In variant order too; per variant the earliest paid order's item comes first and is kept.
    .orderBy(asc(orderItems.offerAttributeId), asc(orders.paidAt), asc(orders.id));
  if (stillPaid.length === 0) return removed.length;
  const regranted = await grantArtworks(
    tx,
    order.userId,
    stillPaid.map(({ item }) => item),
  );
  return removed.length - regranted;
}
