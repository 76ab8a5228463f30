import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminOtherCurrencyReversal } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../lib/index.js';
import { userEmails } from '../accounts/index.js';
import { recordAudit } from '../admin/index.js';
import { otherCurrencyReversals, payments } from './schema.js';

/** How many the back office lists at once: those waiting first, then the newest settled. */
export const OTHER_CURRENCY_REVERSALS_LIMIT = 200;

/** Disputes and provider refunds in another currency than their payment's, for a person. */
export async function otherCurrencyReversalList(
  db: Db,
  onlyId?: number,
): Promise<AdminOtherCurrencyReversal[]> {
  const rows = await db
    .select({ reversal: otherCurrencyReversals, payment: payments })
    .from(otherCurrencyReversals)
    .innerJoin(payments, eq(otherCurrencyReversals.paymentId, payments.id))
    .where(onlyId === undefined ? undefined : eq(otherCurrencyReversals.id, onlyId))
    .orderBy(
      asc(sql`${otherCurrencyReversals.settledAt} is not null`),
      desc(otherCurrencyReversals.receivedAt),
      desc(otherCurrencyReversals.id),
    )
    .limit(OTHER_CURRENCY_REVERSALS_LIMIT);
  const emails = await userEmails(db, [
    ...rows.map((row) => row.payment.userId),
    ...rows.flatMap((row) => (row.reversal.settledBy ? [row.reversal.settledBy] : [])),
  ]);
  return rows.map(({ reversal, payment }) => ({
    id: reversal.id,
    provider: reversal.provider,
    eventId: reversal.eventId,
    receivedAt: reversal.receivedAt.toISOString(),
    type: reversal.type,
    disputeStage: reversal.disputeStage,
    amount: reversal.amount,
    currency: reversal.currency,
    paymentId: payment.id,
    purpose: payment.purpose,
    orderId: payment.orderId,
    paymentAmount: payment.amount,
    paymentCurrency: payment.currency,
    customerId: payment.userId,
    customerEmail: emails.get(payment.userId) ?? '',
    settledAt: reversal.settledAt?.toISOString() ?? null,
    settledBy: reversal.settledBy ? (emails.get(reversal.settledBy) ?? '') : null,
  }));
}

/**
 * Marks one settled by the admin, once and audited: a second press (or a second admin at the same
 * moment) finds it settled and changes nothing. Moves no money: the person did that at the provider
 * or by hand.
 */
export async function settleOtherCurrencyReversal(
  db: Db,
  adminId: string,
  reversalId: number,
): Promise<AdminOtherCurrencyReversal> {
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(otherCurrencyReversals)
      .set({ settledAt: sql`now()`, settledBy: adminId })
      .where(
        and(eq(otherCurrencyReversals.id, reversalId), isNull(otherCurrencyReversals.settledAt)),
      )
      .returning();
    if (!settled) return;
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payment.otherCurrencyReversalSettled',
      entity: 'payment',
      entityId: settled.paymentId,
      before: null,
      after: {
        reversalId,
        eventId: settled.eventId,
        amount: settled.amount,
        currency: settled.currency,
      },
    });
  });
  const [listed] = await otherCurrencyReversalList(db, reversalId);
  if (!listed) throw new AppError('NOT_FOUND');
  return listed;
}
