import type { Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { balanceOf, InsufficientBalanceError, postLedgerEntry } from '../ledger/index.js';
import type { OrderRow } from './schema.js';

/** The ledger reference of an order's balance part and of its give-back (one of each per order). */
export const orderReference = (orderId: number): string => `order:${orderId}`;

/**
 * Debits what the balance can pay of `total` (DESIGN section 3: the balance pays first) and
 * answers that part, 0 when the balance is empty. The first read is unlocked; if another order
 * spent the money meanwhile, the ledger refuses the debit but has locked the balance row for this
 * transaction by then, so the second read is exact and the smaller part goes through.
 */
export async function debitBalancePart(
  tx: Db,
  order: { id: number; userId: string; currency: Currency; total: number },
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const part = Math.min(await balanceOf(tx, order.userId, order.currency), order.total);
    if (part === 0) return 0;
    try {
      await postLedgerEntry(tx, {
        userId: order.userId,
        currency: order.currency,
        amount: -part,
        kind: 'order',
        reference: orderReference(order.id),
      });
      return part;
    } catch (err) {
      // Under the row lock the balance cannot change again, so a second refusal is a bug.
      if (!(err instanceof InsufficientBalanceError) || attempt > 0) throw err;
    }
  }
}

/**
 * Gives a failed or expired order's balance part back, once: the ledger posts one 'refund' per
 * order reference however often this runs. Answers the amount given back by now.
 */
export async function giveBackBalancePart(tx: Db, order: OrderRow): Promise<number> {
  if (order.paidByBalance === 0 || order.balanceGivenBack > 0) return order.balanceGivenBack;
  await postLedgerEntry(tx, {
    userId: order.userId,
    currency: order.currency,
    amount: order.paidByBalance,
    kind: 'refund',
    reference: orderReference(order.id),
  });
  return order.paidByBalance;
}
