import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_PAYMENT_REFUND_MESSAGES,
  CAPTURED_UNSOLD_OUTCOMES,
  CurrencySchema,
  type AdminCapturedRefundResponse,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { recordAudit } from '../admin/index.js';
import { refundLatePayment, type LateRefundDeps } from './late-refund.js';
import { paymentEvents, payments } from './schema.js';

/** The provider's idempotency key of a refund from the back office: one per captured event. */
export const capturedRefundKey = (provider: string, eventId: string): string =>
  `captured-refund:${provider}:${eventId}`;

/**
 * POST /api/admin/payments/events/{eventId}/refund: money the provider captured that did
 * not become a sale goes back through the provider, once. A late payment's automatic refund is
 * made (again) through its own key; a mismatched or undelivered capture is refunded for the amount
 * the provider took, and an undelivered payment becomes `refunded`. The provider is called
 * outside any transaction; concurrent clicks send one idempotency key, so the provider refunds
 * once, and the `refunded_at is null` guard records it once. A disputed payment is refused (409):
 * its money went back through the dispute. Audited.
 */
export async function refundCapturedPayment(
  deps: LateRefundDeps,
  adminId: string,
  eventId: string,
): Promise<AdminCapturedRefundResponse> {
  const { db, gateway, log } = deps;
  const [found] = await db
    .select({ event: paymentEvents, payment: payments })
    .from(paymentEvents)
    .innerJoin(payments, eq(paymentEvents.paymentId, payments.id))
    .where(and(eq(paymentEvents.provider, gateway.provider), eq(paymentEvents.eventId, eventId)));
  const outcome = found?.event.outcome;
  if (!found || !(CAPTURED_UNSOLD_OUTCOMES as readonly string[]).includes(outcome ?? '')) {
    throw new AppError('NOT_FOUND');
  }
  const { event, payment } = found;
  const alreadyRefunded = () =>
    AppError.general('CONFLICT', ADMIN_PAYMENT_REFUND_MESSAGES.alreadyRefunded);
  // The bank took the money back already: a refund on top would pay the payer twice.
  if (
    payment.status === 'disputed' ||
    payment.disputedAmount > 0 ||
    payment.disputeStage === 'withdrawn'
  ) {
    throw AppError.general('CONFLICT', ADMIN_PAYMENT_REFUND_MESSAGES.disputed);
  }

  if (event.outcome === 'late') {
    if (payment.refundedAt) throw alreadyRefunded();
    await refundLatePayment(deps, payment.id).catch((err: unknown) => {
      log.error({ err, paymentId: payment.id }, 'Provider refused a late payment refund');
      throw AppError.general('SERVICE_UNAVAILABLE', ADMIN_PAYMENT_REFUND_MESSAGES.providerFailed);
    });
    const [refunded] = await db.select().from(payments).where(eq(payments.id, payment.id));
    if (!refunded?.refundedAt || !refunded.providerRefundId) {
      // Not refunded by this call nor by another: the bank took the money back meanwhile, or
      // another process has claimed the refund and is asking the provider (late-refund.ts).
      throw AppError.general(
        'CONFLICT',
        refunded?.disputeStage !== 'withdrawn' && refunded?.refundClaimedAt
          ? ADMIN_PAYMENT_REFUND_MESSAGES.refundUnderWay
          : ADMIN_PAYMENT_REFUND_MESSAGES.disputed,
      );
    }
    return {
      eventId,
      amount: payment.amount,
      currency: payment.currency,
      providerRefundId: refunded.providerRefundId,
      refundedAt: refunded.refundedAt.toISOString(),
    };
  }

  if (event.refundedAt) throw alreadyRefunded();
  const currency = CurrencySchema.parse(event.currency);
  if (!payment.providerSessionId) throw new Error(`Payment ${payment.id} has no session`);
  let providerRefundId: string;
  try {
    ({ providerRefundId } = await gateway.refund({
      providerSessionId: payment.providerSessionId,
      amount: event.amount,
      currency,
      idempotencyKey: capturedRefundKey(event.provider, event.eventId),
    }));
  } catch (err) {
    log.error({ err, eventId }, 'Provider refused a refund from the back office');
    throw AppError.general('SERVICE_UNAVAILABLE', ADMIN_PAYMENT_REFUND_MESSAGES.providerFailed);
  }

  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(paymentEvents)
      .set({ providerRefundId, refundedAt: sql`now()` })
      .where(
        and(
          eq(paymentEvents.provider, event.provider),
          eq(paymentEvents.eventId, event.eventId),
          isNull(paymentEvents.refundedAt),
        ),
      )
      .returning();
    if (!recorded?.refundedAt) throw alreadyRefunded();
    if (event.outcome === 'undelivered') {
      await tx
        .update(payments)
        .set({ status: 'refunded', refundedAmount: event.amount, refundedAt: recorded.refundedAt })
        .where(eq(payments.id, payment.id));
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payment.refund',
      entity: 'payment',
      entityId: payment.id,
      before: { status: payment.status, outcome: event.outcome },
      after: {
        eventId,
        amount: event.amount,
        currency,
        providerRefundId,
        status: event.outcome === 'undelivered' ? 'refunded' : payment.status,
      },
    });
    return {
      eventId,
      amount: event.amount,
      currency,
      providerRefundId,
      refundedAt: recorded.refundedAt.toISOString(),
    };
  });
}
