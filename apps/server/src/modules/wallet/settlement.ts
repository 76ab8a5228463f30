import { postLedgerEntry } from '../ledger/index.js';
import type { SettlementHandlers } from '../payments/index.js';

/** The ledger reference of a deposit's credit: one payment credits once (issue 5). */
export const depositReference = (paymentId: string): string => `payment:${paymentId}`;

/**
 * What a deposit's payment does when it settles, inside the settling transaction. A confirmed
 * payment credits its own amount and currency (the webhook's were checked against them); the
 * ledger's (kind, reference) uniqueness makes a second credit impossible even if this ran twice.
 */
export const depositSettlement: SettlementHandlers = {
  async succeeded(tx, payment) {
    await postLedgerEntry(tx, {
      userId: payment.userId,
      currency: payment.currency,
      amount: payment.amount,
      kind: 'deposit',
      reference: depositReference(payment.id),
    });
    return true;
  },
  // Nothing was taken from the balance when the deposit started, so there is nothing to give back.
  async failed() {},
};
