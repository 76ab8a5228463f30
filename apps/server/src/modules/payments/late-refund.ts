import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/index.js';
import type { PaymentGateway } from '../../infra/payments/index.js';
import { payments } from './schema.js';

/** How many unrefunded late payments one sweep retries. */
const LATE_REFUNDS_PER_SWEEP = 100;

// A late payment the payer's bank took back (a dispute whose funds are withdrawn) is the payer's
// again: refunding it on top would pay twice. A won dispute gives the money back to the shop, and
// the refund goes ahead.
const notWithdrawn = or(
  isNull(payments.disputeStage),
  sql`${payments.disputeStage} <> 'withdrawn'`,
);

/** The provider's idempotency key of a late payment's refund: one refund per payment, ever. */
export const lateRefundKey = (paymentId: string): string => `late-refund:${paymentId}`;

export interface LateRefundDeps {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

/**
 * Gives a late payment's money back through its provider (docs/product/money.md#payments: no money
 * is kept for nothing delivered) and records the refund. Outside any transaction: the provider may
 * be slow. Two processes doing this at once send the same idempotency key, so the provider refunds
 * once and both record the same refund. Answers whether this call recorded it.
 */
export async function refundLatePayment(
  { db, gateway, log }: LateRefundDeps,
  paymentId: string,
): Promise<boolean> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'late'),
        isNull(payments.refundedAt),
        notWithdrawn,
      ),
    );
  if (!payment) return false;
  if (!payment.providerSessionId) {
    throw new Error(`Late payment ${payment.id} has no provider session to refund`);
  }
  const { providerRefundId } = await gateway.refund({
    providerSessionId: payment.providerSessionId,
    amount: payment.amount,
    currency: payment.currency,
    idempotencyKey: lateRefundKey(payment.id),
  });
  const recorded = await db
    .update(payments)
    .set({ providerRefundId, refundedAmount: payment.amount, refundedAt: sql`now()` })
    .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)))
    .returning({ id: payments.id });
  log.info(
    { paymentId: payment.id, providerRefundId },
    'Late payment refunded through the provider',
  );
  return recorded.length > 0;
}

/** Retries the refunds of late payments that a provider outage left unrefunded; answers how many went. */
export async function retryLateRefunds(deps: LateRefundDeps): Promise<number> {
  const waiting = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'late'),
        isNull(payments.refundedAt),
        notWithdrawn,
        // Another provider's payment (from before a switch) cannot be refunded through this one.
        eq(payments.provider, deps.gateway.provider),
      ),
    )
    .orderBy(asc(payments.settledAt))
    .limit(LATE_REFUNDS_PER_SWEEP);
  let refunded = 0;
  for (const { id } of waiting) {
    try {
      if (await refundLatePayment(deps, id)) refunded += 1;
    } catch (err) {
      deps.log.error(
        { err, paymentId: id },
        'Could not refund a late payment; the next sweep retries',
      );
    }
  }
  return refunded;
}
