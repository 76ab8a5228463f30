import type { Db } from '../../infra/db/index.js';
import { purchasedArtworks, type OrderItemRow } from './schema.js';

/**
 * Lets `userId` download the variants of `items`, each through the order of its line. A variant the
 * user already owns through another order stays owned through that one. Callers pass the lines in
 * variant order: transactions granting and revoking one buyer's variants then take their unique
 * keys in the same order and wait for each other instead of deadlocking. Answers how many
 * variants were granted.
 */
export async function grantArtworks(
  tx: Db,
  userId: string,
  items: readonly OrderItemRow[],
): Promise<number> {
  if (items.length === 0) return 0;
  const granted = await tx
    .insert(purchasedArtworks)
    .values(
      items.map((item) => ({
        userId,
        orderId: item.orderId,
        offerId: item.offerId,
        offerAttributeId: item.offerAttributeId,
        urlName: item.urlName,
        title: item.title,
        kind: item.kind,
      })),
    )
    .onConflictDoNothing({ target: [purchasedArtworks.userId, purchasedArtworks.offerAttributeId] })
    .returning({ id: purchasedArtworks.id });
  return granted.length;
}
