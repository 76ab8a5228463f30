import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { READ_COMMITTED, type Db } from '../../infra/db/index.js';
import type { PaymentGateway } from '../../infra/payments/index.js';
import { payments } from './schema.js';

/** How many unrefunded late payments one sweep retries. */
const LATE_REFUNDS_PER_SWEEP = 100;

/**
 * How long a late refund's claim stands. A provider call answers (or times out) within a minute;
 * a claim still standing after this is one whose process died between the claim and the record,
 * and the next sweep takes it again (the idempotency key keeps the provider from refunding twice).
 */
export const LATE_REFUND_CLAIM_MS = 10 * 60_000;

// A late payment the payer's bank took back (a dispute whose funds are withdrawn) is the payer's
// again: refunding it on top would pay twice. A won dispute gives the money back to the shop, and
// the refund goes ahead.
const notWithdrawn = or(
  isNull(payments.disputeStage),
  sql`${payments.disputeStage} <> 'withdrawn'`,
);

// Nobody is asking the provider right now: never claimed, or a claim its process left behind.
const unclaimed = or(
  isNull(payments.refundClaimedAt),
  lt(payments.refundClaimedAt, sql`now() - make_interval(secs => ${LATE_REFUND_CLAIM_MS / 1000})`),
);

const refundable = (paymentId: string) =>
  and(
    eq(payments.id, paymentId),
    eq(payments.status, 'late'),
    isNull(payments.refundedAt),
    notWithdrawn,
    unclaimed,
  );

/** The provider's idempotency key of a late payment's refund: one refund per payment, ever. */
export const lateRefundKey = (paymentId: string): string => `late-refund:${paymentId}`;

export interface LateRefundDeps {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

/**
 * Gives a late payment's money back through its provider (docs/product/money.md#payments: no
 * money is kept for nothing delivered) and records the refund. Answers whether this call recorded it.
 *
 * First a claim, in one short statement under the payment's row lock: the payment must still be
 * late, unrefunded, not taken back by a dispute and not claimed by another process. A dispute's
 * transaction holds that lock while it records its stage, so the claim either waits for it and
 * then sees the dispute (and claims nothing), or comes first and the dispute sees the claim
 * (reverse.ts). Only then is the provider asked, outside any transaction (it may be slow), with
 * the payment's idempotency key. A refusal gives the claim up for the next sweep; a process that
 * dies leaves it to expire after LATE_REFUND_CLAIM_MS.
 */
export async function refundLatePayment(
  { db, gateway, log }: LateRefundDeps,
  paymentId: string,
): Promise<boolean> {
  const [payment] = await db.transaction(
    (tx) =>
      tx
        .update(payments)
        // To the millisecond, as the claim is read back into a Date and given up by its value.
        .set({ refundClaimedAt: sql`date_trunc('milliseconds', now())` })
        .where(refundable(paymentId))
        .returning(),
    READ_COMMITTED,
  );
  if (!payment) return false;
  const claimedAt = payment.refundClaimedAt;
  if (!payment.providerSessionId || !claimedAt) {
    throw new Error(`Late payment ${payment.id} has no provider session to refund`);
  }
  let providerRefundId: string;
  try {
    ({ providerRefundId } = await gateway.refund({
      providerSessionId: payment.providerSessionId,
      amount: payment.amount,
      currency: payment.currency,
      idempotencyKey: lateRefundKey(payment.id),
    }));
  } catch (err) {
    // Our claim only: one retaken after ours expired belongs to another process. Should giving
    // it up fail too, the claim expires on its own, and the provider's answer is what to report.
    await db
      .update(payments)
      .set({ refundClaimedAt: null })
      .where(and(eq(payments.id, payment.id), eq(payments.refundClaimedAt, claimedAt)))
      .catch((releaseError: unknown) =>
        log.error({ err: releaseError, paymentId: payment.id }, 'Late refund claim not given up'),
      );
    throw err;
  }
  const [recorded] = await db
    .update(payments)
    .set({ providerRefundId, refundedAmount: payment.amount, refundedAt: sql`now()` })
    .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)))
    .returning({ disputeStage: payments.disputeStage });
  if (recorded?.disputeStage === 'withdrawn') {
    // The bank's dispute came while the refund was in flight: the provider took only one of them
    // (it refuses a refund of a charged-back payment, and a dispute of a refunded one withdraws no
    // more than what was not refunded); the owner answers the dispute with this refund.
    log.warn(
      { paymentId: payment.id, providerRefundId },
      'Late payment refunded while its dispute came in; answer the dispute with the refund',
    );
  } else {
    log.info(
      { paymentId: payment.id, providerRefundId },
      'Late payment refunded through the provider',
    );
  }
  return recorded !== undefined;
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
        unclaimed,
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
