import { and, count, desc, eq, like, or } from 'drizzle-orm';
import type { Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import {
  balanceOf,
  creditBalance,
  InsufficientBalanceError,
  ledgerEntries,
  postLedgerEntry,
} from '../ledger/index.js';
import type { OrderRow } from './schema.js';

/**
 * The ledger reference of an order's balance part and of its give-back. Each payment attempt
 * that takes a balance part takes it under its own reference (the first `order:{id}`, a retry's
 * `order:{id}:retry:{n}`), so an order paid again can debit the balance again after the failed
 * attempt's part was given back, and each part is still debited and given back at most once.
 */
const orderReference = (orderId: number, retry = 0): string =>
  retry === 0 ? `order:${orderId}` : `order:${orderId}:retry:${retry}`;

const balancePartsOf = (orderId: number) =>
  and(
    eq(ledgerEntries.kind, 'order'),
    or(
      eq(ledgerEntries.reference, orderReference(orderId)),
      like(ledgerEntries.reference, `order:${orderId}:retry:%`),
    ),
  );

/** The reference for a new attempt's balance part; call it with the order row locked. */
export async function nextBalancePartReference(tx: Db, orderId: number): Promise<string> {
  const [parts] = await tx
    .select({ taken: count() })
    .from(ledgerEntries)
    .where(balancePartsOf(orderId));
  return orderReference(orderId, parts?.taken ?? 0);
}

/**
 * Debits what the balance can pay of `upTo` (the order's total unless less is asked for; the
 * balance pays first, docs/product/money.md#orders) and answers that part, 0 when the balance is
 * empty. The first read is unlocked; if another order spent the money meanwhile, the ledger refuses
 * the debit but has locked the balance row for this transaction by then, so the second read is
 * exact and the smaller part goes through.
 */
export async function debitBalancePart(
  tx: Db,
  order: { id: number; userId: string; currency: Currency; total: number },
  { upTo = order.total, reference = orderReference(order.id) } = {},
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const part = Math.min(await balanceOf(tx, order.userId, order.currency), upTo);
    if (part === 0) return 0;
    try {
      await postLedgerEntry(tx, {
        userId: order.userId,
        currency: order.currency,
        amount: -part,
        kind: 'order',
        reference,
      });
      return part;
    } catch (err) {
      // Under the row lock the balance cannot change again, so a second refusal is a bug.
      if (!(err instanceof InsufficientBalanceError) || attempt > 0) throw err;
    }
  }
}

/**
 * Gives the balance part of a failed or expired order's current attempt back, once: the ledger
 * posts one 'refund' per part's reference however often this runs. Answers the amount given back
 * by now.
 */
export async function giveBackBalancePart(tx: Db, order: OrderRow): Promise<number> {
  if (order.paidByBalance === 0 || order.balanceGivenBack > 0) return order.balanceGivenBack;
  // An attempt with a balance part always debits under a new reference, so the newest is its own.
  const [current] = await tx
    .select({ reference: ledgerEntries.reference })
    .from(ledgerEntries)
    .where(balancePartsOf(order.id))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  if (!current) throw new Error(`Order ${order.id} has a balance part but no debit for it`);
  // What a dispute or a provider refund left owed meanwhile is paid first.
  await creditBalance(tx, {
    userId: order.userId,
    currency: order.currency,
    amount: order.paidByBalance,
    kind: 'refund',
    reference: current.reference,
  });
  return order.paidByBalance;
}
