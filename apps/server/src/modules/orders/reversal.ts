import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { voidOrderGiftCard } from '../gift-cards/index.js';
import { takeBack } from '../ledger/index.js';
import type { PaymentRow, Reversal, ReversalEffect } from '../payments/index.js';
import { revokeArtworks } from './revoke-artworks.js';
import { orders } from './schema.js';

const NOTHING: ReversalEffect = { takenFromBalance: 0, debt: 0, withdrawnArtworks: 0 };

/**
 * An order's payment was disputed or refunded at the provider, fully or in part: the
 * order no longer counts as paid (status `refunded`), its downloads are withdrawn and an unredeemed
 * gift card in it is voided. Runs in the webhook's transaction under the payment's lock; the order
 * is locked after it, as settlements do. An order the back office had already refunded to the
 * balance gave that money once: the provider's refund on top of it is taken back from the balance
 * (and owed beyond it), so nobody is paid twice. The balance part the order took stays spent: the
 * owner answers the dispute and decides (docs/decisions/money.md, "A reversed order loses its downloads").
 */
export async function reverseOrder(
  tx: Db,
  payment: PaymentRow,
  { amount, reference }: Reversal,
): Promise<ReversalEffect> {
  if (payment.orderId === null) return NOTHING;
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  if (!order || order.paymentId !== payment.id) return NOTHING;

  if (order.status === 'paid') {
    if (order.giftCardAmount > 0) await voidOrderGiftCard(tx, order.id);
    const withdrawnArtworks = await revokeArtworks(tx, order);
    await tx
      .update(orders)
      .set({ status: 'refunded', refundedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    return { ...NOTHING, withdrawnArtworks };
  }
  if (order.status === 'refunded') {
    // What the back office credited and earlier reversals of this payment have not taken back yet.
    const credited = Math.max(0, order.refundedAmount - payment.reversedAmount);
    const owed = Math.min(amount, credited);
    if (owed === 0) return NOTHING;
    const taken = await takeBack(tx, {
      userId: order.userId,
      currency: order.currency,
      amount: owed,
      reference,
    });
    return { ...taken, withdrawnArtworks: 0 };
  }
  return NOTHING;
}
