import { eq, sql } from 'drizzle-orm';
import { ADMIN_REFUND_MESSAGES, type AdminRefundResponse } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { READ_COMMITTED, type Db } from '../../infra/db/index.js';
import { recordAudit } from '../admin/index.js';
import { voidOrderGiftCard } from '../gift-cards/index.js';
import { creditBalance } from '../ledger/index.js';
import { payments } from '../payments/index.js';
import { issueCreditNote, type ReceiptIssuer } from '../receipts/index.js';
import { revokeArtworks } from './revoke-artworks.js';
import { orders } from './schema.js';

async function reversedAtProvider(tx: Db, paymentId: string | null): Promise<boolean> {
  if (paymentId === null) return false;
  const [payment] = await tx
    .select({ reversedAmount: payments.reversedAmount, disputeStage: payments.disputeStage })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return (payment?.reversedAmount ?? 0) > 0 || payment?.disputeStage === 'withdrawn';
}

/**
 * The ledger reference of a refund from the back office; not `order:{id}`, which the automatic
 * give-back of a failed order's balance part uses, so the two can never be taken for each other.
 */
const orderRefundReference = (orderId: number): string => `order-refund:${orderId}`;

/**
 * POST /api/admin/orders/{id}/refund: a paid order's money goes back to the
 * buyer's balance in the order's currency, once. Under the order's row lock, so of concurrent
 * refunds one credits and the others find it refunded (409); the ledger's (kind, reference)
 * uniqueness stands behind that. The order's gift card is voided if unredeemed; a redeemed one was
 * spent already, so only the rest (the artworks) is refunded. A credit note corrects the order's
 * receipt for the refunded amount. Audited in the same transaction.
 */
export async function refundOrder(
  db: Db,
  issuer: ReceiptIssuer,
  adminId: string,
  orderId: number,
  reason: string | undefined,
): Promise<AdminRefundResponse> {
  // READ COMMITTED: a refund that waited for the order's lock must see what the holder committed.
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status === 'refunded') {
      throw AppError.general('CONFLICT', ADMIN_REFUND_MESSAGES.alreadyRefunded);
    }
    if (order.status !== 'paid') throw AppError.general('CONFLICT', ADMIN_REFUND_MESSAGES.notPaid);
    // A payment the provider gave back (even a cent, or a dispute under way) is settled there: a
    // refund to the balance on top would pay twice. Read after the order's lock, which a reversal
    // takes after the payment's, so a reversal committed first is seen here, and one still waiting
    // finds the order refunded and takes that credit back (reversal.ts).
    if (await reversedAtProvider(tx, order.paymentId)) {
      throw AppError.general('CONFLICT', ADMIN_REFUND_MESSAGES.reversedAtProvider);
    }

    const giftCard = order.giftCardAmount > 0 ? await voidOrderGiftCard(tx, order.id) : 'none';
    const amount = giftCard === 'keptRedeemed' ? order.total - order.giftCardAmount : order.total;
    if (amount <= 0) throw AppError.general('CONFLICT', ADMIN_REFUND_MESSAGES.nothingLeft);

    // What the buyer owes in that currency (a disputed deposit) is paid first.
    const posting = await creditBalance(tx, {
      userId: order.userId,
      currency: order.currency,
      amount,
      kind: 'refund',
      reference: orderRefundReference(order.id),
    });
    // Under the lock a paid order has no refund entry; one there means the data is inconsistent.
    if (!posting.applied) throw new Error(`Order ${order.id} is paid but was refunded already`);
    const revokedArtworks = await revokeArtworks(tx, order);
    const [refunded] = await tx
      .update(orders)
      .set({ status: 'refunded', refundedAt: sql`now()`, refundedAmount: amount })
      .where(eq(orders.id, order.id))
      .returning({ refundedAt: orders.refundedAt });

    await issueCreditNote(tx, issuer, {
      subject: { orderId: order.id },
      amount,
      reason: 'refund',
      reference: orderRefundReference(order.id),
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'order.refund',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status, refundedAmount: order.refundedAmount },
      after: {
        status: 'refunded',
        refundedAmount: amount,
        currency: order.currency,
        refundedAt: refunded?.refundedAt?.toISOString() ?? null,
        giftCard,
        revokedArtworks,
        reason: reason || null,
      },
    });
    return {
      orderId: order.id,
      status: 'refunded',
      currency: order.currency,
      refundedAmount: amount,
      balanceAfter: posting.balanceAfter,
      giftCard,
      revokedArtworks,
    };
  }, READ_COMMITTED);
}
