import { desc, eq } from 'drizzle-orm';
import type { AdminPaymentReversal } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userEmails } from '../accounts/index.js';
import { paymentReversals, payments } from './schema.js';

/** How many disputes and provider refunds the back office lists at once, newest first. */
export const PAYMENT_REVERSALS_LIMIT = 200;

/**
 * Disputes and refunds made at the provider, newest first, each with its customer,
 * what the provider gave back and what the shop took back for it.
 */
export async function paymentReversalList(db: Db): Promise<AdminPaymentReversal[]> {
  const rows = await db
    .select({ reversal: paymentReversals, payment: payments })
    .from(paymentReversals)
    .innerJoin(payments, eq(paymentReversals.paymentId, payments.id))
    .orderBy(desc(paymentReversals.receivedAt), desc(paymentReversals.id))
    .limit(PAYMENT_REVERSALS_LIMIT);
  const emails = await userEmails(
    db,
    rows.map((row) => row.payment.userId),
  );
  return rows.map(({ reversal, payment }) => ({
    id: reversal.id,
    kind: reversal.kind,
    provider: reversal.provider,
    eventId: reversal.eventId,
    receivedAt: reversal.receivedAt.toISOString(),
    paymentId: payment.id,
    purpose: payment.purpose,
    paymentStatus: payment.status,
    orderId: payment.orderId,
    customerId: payment.userId,
    customerEmail: emails.get(payment.userId) ?? '',
    currency: reversal.currency,
    amount: reversal.amount,
    takenFromBalance: reversal.takenFromBalance,
    debt: reversal.debt,
    withdrawnArtworks: reversal.withdrawnArtworks,
    givenBack: reversal.givenBack,
    debtCancelled: reversal.debtCancelled,
    restoredArtworks: reversal.restoredArtworks,
  }));
}
