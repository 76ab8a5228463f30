import type { Db } from '../../infra/db/index.js';
import { payDebt } from './debt.js';
import { postLedgerEntry, type LedgerMovement } from './ledger.js';

/** The kinds that put money on a balance that the customer may then spend. */
export type CreditKind = 'deposit' | 'giftCard' | 'refund' | 'generationRelease';

export interface CreditPosting {
  /** False when this (kind, reference) was posted already: nothing moved, nothing was paid. */
  applied: boolean;
  /** What of the credit went to what was owed in that currency. */
  debtPaid: number;
  /** The balance once the debt is paid. */
  balanceAfter: number;
}

/**
 * Every credit to a balance goes through here: a deposit, a gift card redeemed, an order's balance
 * part given back, an order refunded to the balance, a generation's hold released. When the
 * customer owes money in that currency (a dispute or a provider refund took back more than the
 * balance held), the credit pays that first, as far as it goes (ledger kind `debtPayment`,
 * reference `debt:<the credit's reference>`), in the same transaction and under the balance's and
 * then the debt's row locks, so a reversal recording a debt at the same moment either came first
 * (and is paid) or waits. A replayed credit pays nothing. A won dispute's `reinstatement` does not
 * come here: it cancels the debt itself first (`giveBack`).
 */
export async function creditBalance(
  tx: Db,
  movement: Omit<LedgerMovement, 'kind'> & { kind: CreditKind },
): Promise<CreditPosting> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) {
    throw new RangeError(`Not a credit: ${movement.amount}`);
  }
  const posting = await postLedgerEntry(tx, movement);
  if (!posting.applied) return { applied: false, debtPaid: 0, balanceAfter: posting.balanceAfter };
  const debtPaid = await payDebt(tx, movement.userId, movement.currency, movement.reference);
  return { applied: true, debtPaid, balanceAfter: posting.balanceAfter - debtPaid };
}
