import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { paths, type PaymentProvider, type PaymentReversalKind } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { PaymentReversalEvent } from '../../infra/payments/index.js';
import { userContact } from '../accounts/index.js';
import type { MailOutbox } from '../mail/index.js';
import { reversalMail } from './reversal-mail.js';
import { paymentReversals, payments, type PaymentEventOutcome, type PaymentRow } from './schema.js';
import type { SettlementRegistry } from './settle.js';

export interface ReversalDeps {
  provider: PaymentProvider;
  settlements: SettlementRegistry;
  log: FastifyBaseLogger;
  /** Absent only in tests' second services (sweepers), which never receive these events. */
  outbox?: MailOutbox;
  publicUrl: string;
}

const KIND_OF = { disputed: 'dispute', refunded: 'refund' } as const satisfies Record<
  PaymentReversalEvent['type'],
  PaymentReversalKind
>;

/**
 * Whether the payment delivered something the provider can take back: a success, or one already
 * partly taken back. A `late` payment (refunded by the shop itself) and a `refunded` one that
 * delivered nothing echo the shop's own refund as `charge.refunded`: nothing to take back.
 */
const delivered = (payment: PaymentRow): boolean =>
  payment.status === 'succeeded' ||
  payment.status === 'disputed' ||
  (payment.status === 'refunded' && payment.reversedAmount > 0);

/**
 * A dispute or a refund made at the provider, applied to its payment under the
 * payment's row lock in the webhook's transaction. Stripe's refund events carry everything
 * refunded so far and a dispute its whole amount, so the payment keeps the totals and only the
 * difference to what was already taken back moves: a replay, a redelivery or an older event moves
 * nothing. The owner module takes it back (a deposit from the balance and then as debt, an order's
 * downloads), the back office gets a row and the customer a mail, all in the same transaction.
 */
export async function applyReversal(
  deps: ReversalDeps,
  tx: Db,
  payment: PaymentRow,
  event: PaymentReversalEvent,
): Promise<PaymentEventOutcome> {
  const context = { eventId: event.eventId, paymentId: payment.id, type: event.type };
  if (event.currency !== payment.currency) {
    deps.log.warn(context, 'Dispute or refund in another currency than its payment; ignored');
    return 'ignored';
  }
  if (!delivered(payment)) {
    deps.log.info(
      { ...context, status: payment.status },
      'Refund of a payment that delivered nothing',
    );
    return 'ignored';
  }
  const kind = KIND_OF[event.type];
  const refunded =
    kind === 'refund' ? Math.max(payment.refundedAmount, event.amount) : payment.refundedAmount;
  const disputed =
    kind === 'dispute' ? Math.max(payment.disputedAmount, event.amount) : payment.disputedAmount;
  const target = Math.min(payment.amount, refunded + disputed);
  const amount = target - payment.reversedAmount;
  const status =
    kind === 'dispute'
      ? 'disputed'
      : target >= payment.amount && payment.status !== 'disputed'
        ? 'refunded'
        : payment.status;
  await tx
    .update(payments)
    .set({
      status,
      refundedAmount: refunded,
      disputedAmount: disputed,
      reversedAmount: target,
      ...(kind === 'refund' && refunded > payment.refundedAmount ? { refundedAt: sql`now()` } : {}),
    })
    .where(eq(payments.id, payment.id));
  if (amount <= 0) return 'ignored';

  const effect = await deps.settlements.reverseLocked(tx, payment, {
    kind,
    amount,
    reference: `payment:${payment.id}:reversed:${target}`,
  });
  await tx.insert(paymentReversals).values({
    provider: deps.provider,
    eventId: event.eventId,
    paymentId: payment.id,
    kind,
    amount,
    currency: payment.currency,
    ...effect,
  });
  deps.log.warn(
    { ...context, amount, ...effect },
    'Provider took money back from a delivered payment',
  );
  if (deps.outbox) {
    const contact = await userContact(tx, payment.userId);
    await deps.outbox.enqueue(tx, {
      kind: 'paymentReversal',
      to: contact.email,
      ...reversalMail(contact.locale, {
        kind,
        purpose: payment.purpose,
        orderId: payment.orderId,
        amount,
        currency: payment.currency,
        ...effect,
        walletLink: `${deps.publicUrl}${paths.wallet}`,
      }),
    });
  }
  return 'applied';
}
