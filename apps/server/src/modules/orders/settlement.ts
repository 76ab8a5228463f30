import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import type { PaymentRow, SettlementHandlers } from '../payments/index.js';
import { giveBackBalancePart } from './balance-part.js';
import type { OrdersDeps } from './deps.js';
import { fulfilOrder } from './fulfilment.js';
import { queueGiftCardMail } from './gift-card-mail.js';
import { issueOrderReceipt } from './receipt.js';
import { reverseOrder } from './reversal.js';
import { orders, type OrderRow } from './schema.js';

/**
 * What an order's payment does when it settles (registered with `payments.onSettled('order')`),
 * inside the settling transaction, which has locked the payment; the order is locked after it.
 * Only the order's current payment counts, and only while the order is pending.
 */
export function orderSettlement(deps: OrdersDeps): SettlementHandlers {
  async function lockOrderOf(tx: Db, payment: PaymentRow): Promise<OrderRow | undefined> {
    if (payment.orderId === null) return undefined;
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for('update');
    if (order?.status === 'pending' && order.paymentId === payment.id) return order;
    return undefined;
  }

  return {
    async succeeded(tx, payment) {
      const order = await lockOrderOf(tx, payment);
      if (!order) {
        deps.log.error(
          { paymentId: payment.id, orderId: payment.orderId },
          'A payment succeeded for an order that no longer waits for it: listed for a refund',
        );
        return false;
      }
      const card = await fulfilOrder(tx, deps, order);
      if (card) await queueGiftCardMail(tx, deps, order, card);
      await issueOrderReceipt(tx, deps, order);
      return true;
    },

    async failed(tx, payment, status) {
      const order = await lockOrderOf(tx, payment);
      if (!order) return;
      const balanceGivenBack = await giveBackBalancePart(tx, order);
      await tx
        .update(orders)
        .set({ status, balanceGivenBack, expiresAt: null, paymentLink: null })
        .where(eq(orders.id, order.id));
    },

    reversed: reverseOrder,
  };
}
