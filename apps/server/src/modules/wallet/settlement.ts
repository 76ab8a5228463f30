import { creditBalance, giveBack, takeBack } from '../ledger/index.js';
import { partyEffect, type SettlementHandlers } from '../payments/index.js';

/** The ledger reference of a deposit's credit: one payment credits once. */
export const depositReference = (paymentId: string): string => `payment:${paymentId}`;

/**
 * What a deposit's payment does when it settles, inside the settling transaction. A confirmed
 * payment credits its own amount and currency (the webhook's were checked against them); the
 * ledger's (kind, reference) uniqueness makes a second credit impossible even if this ran twice.
 */
export const depositSettlement: SettlementHandlers = {
  async succeeded(tx, payment) {
    const reference = depositReference(payment.id);
    // What a dispute or a provider refund left owed is paid first.
    await creditBalance(tx, {
      userId: payment.userId,
      currency: payment.currency,
      amount: payment.amount,
      kind: 'deposit',
      reference,
    });
    return true;
  },
  // Nothing was taken from the balance when the deposit started, so there is nothing to give back.
  async failed() {},
  // The payer got (part of) the top-up back at the provider: take its credit back from the balance
  // as far as it goes; the rest is owed and pauses spending in that currency. A won dispute gives
  // it back the other way round: what is owed is cancelled first, the rest returns to the balance.
  async reversed(tx, payment, { from, to, reference }) {
    const movement = {
      userId: payment.userId,
      currency: payment.currency,
      amount: Math.abs(to - from),
      reference: `${reference}:payer`,
    };
    const moved = to > from ? await takeBack(tx, movement) : await giveBack(tx, movement);
    return {
      parties: [partyEffect(payment.userId, 'payer', moved)],
      withdrawnArtworks: 0,
      restoredArtworks: 0,
    };
  },
};
