import { assertNoDebt } from '../ledger/index.js';
import { and, eq } from 'drizzle-orm';
import { ORDER_MESSAGES, type PaymentLinkResponse } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { READ_COMMITTED } from '../../infra/db/index.js';
import { userContact } from '../accounts/index.js';
import { debitBalancePart, nextBalancePartReference } from './balance-part.js';
import type { OrdersDeps } from './deps.js';
import { openOrderPayment } from './open-payment.js';
import { ORDER_PAYMENT_WINDOW_MS } from './place-order.js';
import { lockUsersOrders, ownedVariants, variantsAwaitingPayment } from './pricing.js';
import { orderItems, orders } from './schema.js';

/**
 * POST /api/orders/{orderId}/pay. A failed order becomes pending again with a new payment and a
 * new payment window; its prices are its snapshot. The balance part the shopper chose is kept:
 * given back when the attempt failed, it is debited again (as far as the balance still goes) and
 * the card pays the rest. A pending order answers the link it already has. Paid and expired orders
 * cannot be paid (409); another user's order does not exist (404). The new payment returns the
 * shopper to `shopUrl` (undefined: PUBLIC_URL).
 */
export async function payOrderAgain(
  deps: OrdersDeps,
  userId: string,
  orderId: number,
  shopUrl?: string,
  now: Date = new Date(),
): Promise<PaymentLinkResponse> {
  const contact = await userContact(deps.db, userId);
  const outcome = await deps.db.transaction(async (tx) => {
    // Before the order's row, as placing an order takes it: the one lock order for both.
    await lockUsersOrders(tx, userId);
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status === 'pending') {
      // Null between the order's commit and its provider page opening: a moment, or never if
      // that process died (then the payment expires like any other).
      if (!order.paymentLink)
        throw AppError.general('CONFLICT', ORDER_MESSAGES.paymentBeingPrepared);
      return { kind: 'open' as const, paymentLink: order.paymentLink };
    }
    if (order.status !== 'failed')
      throw AppError.general('CONFLICT', ORDER_MESSAGES.orderNotPayable);
    // Bought since, or in another order that waits for payment: paying this one would charge
    // twice for one download.
    const variants = (
      await tx
        .select({ id: orderItems.offerAttributeId })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
    ).map((item) => item.id);
    const taken = [
      ...(await ownedVariants(tx, userId, variants)),
      ...(await variantsAwaitingPayment(tx, userId, variants)),
    ];
    if (taken.length > 0) throw AppError.general('CONFLICT', ORDER_MESSAGES.orderNotPayable);
    // Paying again is buying again: an amount owed in the currency pauses it.
    await assertNoDebt(tx, userId, order.currency);

    const expiresAt = new Date(now.getTime() + ORDER_PAYMENT_WINDOW_MS);
    // Less than the total (else the balance had paid the order whole), so a card pays the rest.
    const paidByBalance =
      order.paidByBalance > 0
        ? await debitBalancePart(tx, order, {
            upTo: order.paidByBalance,
            reference: await nextBalancePartReference(tx, order.id),
          })
        : 0;
    const paidByPayment = order.total - paidByBalance;
    const payment = await deps.payments.create(tx, {
      userId,
      purpose: 'order',
      orderId: order.id,
      amount: paidByPayment,
      currency: order.currency,
      expiresAt,
    });
    const [renewed] = await tx
      .update(orders)
      .set({
        status: 'pending',
        paidByBalance,
        paidByPayment,
        balanceGivenBack: 0,
        paymentId: payment.id,
        paymentLink: null,
        expiresAt,
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!renewed) throw new Error('Order not updated');
    return { kind: 'renewed' as const, order: renewed, payment };
  }, READ_COMMITTED);

  if (outcome.kind === 'open') return { paymentLink: outcome.paymentLink };
  return {
    paymentLink: await openOrderPayment(deps, outcome.order, outcome.payment, contact, shopUrl),
  };
}
