import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  CAPTURED_UNSOLD_OUTCOMES,
  type AdminPayment,
  type AdminPaymentEvent,
} from '@pictura/contract';

type CapturedUnsoldOutcome = (typeof CAPTURED_UNSOLD_OUTCOMES)[number];
import type { Db } from '../../infra/db/index.js';
import { paymentEvents, payments } from './schema.js';

/** How many late successes the back office lists at once, newest first. */
export const LATE_PAYMENTS_LIMIT = 200;

const toEvent = (row: typeof paymentEvents.$inferSelect): AdminPaymentEvent => ({
  provider: row.provider,
  eventId: row.eventId,
  type: row.type,
  amount: row.amount,
  currency: row.currency,
  outcome: row.outcome,
  receivedAt: row.receivedAt.toISOString(),
});

/** An order's payments, oldest first, each with the webhook events it received. */
export async function paymentsOfOrder(db: Db, orderId: number): Promise<AdminPayment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(paymentEvents)
    .where(
      inArray(
        paymentEvents.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentEvents.receivedAt));
  return rows.map((row) => ({
    id: row.id,
    purpose: row.purpose,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    events: events.filter((event) => event.paymentId === row.id).map(toEvent),
  }));
}

export interface LatePaymentRow {
  event: AdminPaymentEvent;
  outcome: CapturedUnsoldOutcome;
  refundedAt: string | null;
  providerRefundId: string | null;
  paymentId: string;
  purpose: AdminPayment['purpose'];
  paymentStatus: AdminPayment['status'];
  orderId: number | null;
  userId: string;
}

const isCapturedUnsold = (outcome: string): outcome is CapturedUnsoldOutcome =>
  (CAPTURED_UNSOLD_OUTCOMES as readonly string[]).includes(outcome);

/**
 * Money the provider captured that did not become a sale (late, mismatch, undelivered), newest
 * first, with its refund: a late payment's is the automatic one on the payment, the others' are
 * made from the back office and kept on the event.
 */
export async function latePayments(db: Db): Promise<LatePaymentRow[]> {
  const rows = await db
    .select({ event: paymentEvents, payment: payments })
    .from(paymentEvents)
    .innerJoin(payments, eq(paymentEvents.paymentId, payments.id))
    .where(inArray(paymentEvents.outcome, [...CAPTURED_UNSOLD_OUTCOMES]))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(LATE_PAYMENTS_LIMIT);
  return rows.flatMap(({ event, payment }) => {
    if (!isCapturedUnsold(event.outcome)) return [];
    const refund = event.outcome === 'late' ? payment : event;
    return [
      {
        event: toEvent(event),
        outcome: event.outcome,
        refundedAt: refund.refundedAt?.toISOString() ?? null,
        providerRefundId: refund.providerRefundId,
        paymentId: payment.id,
        purpose: payment.purpose,
        paymentStatus: payment.status,
        orderId: payment.orderId,
        userId: payment.userId,
      },
    ];
  });
}
