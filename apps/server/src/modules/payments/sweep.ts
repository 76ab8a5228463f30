import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { PaymentGateway, SessionClosing } from '../../infra/payments/index.js';
import { paymentEvents, payments, type PaymentRow } from './schema.js';
import { lockPayment, ownerDeleted, type SettlementRegistry } from './settle.js';

/** A pending payment is expired this long after its own deadline, so a provider's late answer wins. */
export const EXPIRY_GRACE_MS = 2 * 60_000;

export interface SweepDeps {
  db: Db;
  gateway: PaymentGateway;
  settlements: SettlementRegistry;
  log: FastifyBaseLogger;
}

/**
 * The providers whose pending payments this sweep may settle: its own, whose sessions it can ask
 * about, and the sandbox after a switch to a real provider (its sessions took no money and nothing
 * can pay them any more). A real provider's payments under another gateway are left alone: closing
 * them without asking could drop money taken (docs/decisions/money/switching-providers.md).
 */
export const sweptProviders = (current: PaymentProvider): PaymentProvider[] =>
  current === 'sandbox' ? ['sandbox'] : [current, 'sandbox'];

/** The replay guard's id of the sweep's own record that a provider's session took other money. */
export const sweepMismatchEventId = (paymentId: string): string => `sweep-mismatch:${paymentId}`;

/** Whether the provider's session is for the payment's amount and currency (when it says). */
const sameMoney = (payment: PaymentRow, closing: SessionClosing): boolean =>
  (closing.amount === undefined || closing.amount === payment.amount) &&
  (closing.currency === undefined || closing.currency === payment.currency);

/**
 * Applies the provider's answer to a payment the shop asked about, under its row lock, if it is
 * still in `from`: paid settles it as succeeded, a delayed method under way makes it processing,
 * failed fails it, closed expires it. Paid money whose amount or currency is not the payment's
 * delivers nothing: the payment is given up (failed) and the capture is recorded as a `mismatch`
 * for the back office to refund, as the webhook does. A webhook that settled it meanwhile wins.
 * Answers whether the payment left `from` here.
 */
async function settleAsked(
  { db, gateway, settlements, log }: SweepDeps,
  paymentId: string,
  from: 'pending' | 'processing',
  closing: SessionClosing,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (locked?.status !== from) return false;
    // Kept as the completion webhook would have kept it: a dispute or a provider refund of this
    // payment names only this id.
    if (closing.providerPaymentId && !locked.providerPaymentId) {
      await tx
        .update(payments)
        .set({ providerPaymentId: closing.providerPaymentId })
        .where(eq(payments.id, locked.id));
    }
    if (closing.state === 'paid' && !sameMoney(locked, closing)) {
      log.error(
        { paymentId: locked.id, amount: closing.amount, currency: closing.currency },
        'Provider session took another amount or currency than the payment; nothing delivered',
      );
      await tx
        .insert(paymentEvents)
        .values({
          provider: gateway.provider,
          eventId: sweepMismatchEventId(locked.id),
          paymentId: locked.id,
          type: 'succeeded',
          amount: closing.amount ?? locked.amount,
          currency: closing.currency ?? locked.currency,
          outcome: 'mismatch',
        })
        .onConflictDoNothing();
      await settlements.settleLocked(tx, locked, 'failed');
      return true;
    }
    if (closing.state === 'processing') {
      if (from === 'processing') {
        await tx.update(payments).set({ providerCheckedAt: now }).where(eq(payments.id, locked.id));
        return false;
      }
      await tx.update(payments).set({ status: 'processing' }).where(eq(payments.id, locked.id));
      return true;
    }
    if (closing.state === 'paid' && (await ownerDeleted(tx, locked))) {
      // Refunded by the next sweep's retry of late refunds.
      await settlements.settleForDeletedOwner(tx, locked);
      return true;
    }
    // A completed delayed payment is never "closed" at the provider: keep waiting for its outcome.
    if (closing.state === 'closed' && from === 'processing') return false;
    const outcome =
      closing.state === 'paid' ? 'succeeded' : closing.state === 'failed' ? 'failed' : 'expired';
    await settlements.settleLocked(tx, locked, outcome);
    return true;
  });
}

/**
 * Settles pending payments past their deadline and its grace. The provider is the authority on
 * whether money arrived (docs/product/money.md#payments), so each one's session is first asked
 * about and closed at the provider, outside any transaction (it may be slow); a sandbox payment
 * left from before a switch to a real provider is expired without asking. Answers how many this
 * call settled (another process sweeping at once settles the rest). One payment that fails is
 * logged and left for the next sweep; the others still go.
 */
export async function expireOverdue(deps: SweepDeps, now: Date = new Date()): Promise<number> {
  const overdue = await deps.db
    .select({
      id: payments.id,
      provider: payments.provider,
      providerSessionId: payments.providerSessionId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        inArray(payments.provider, sweptProviders(deps.gateway.provider)),
        lt(payments.expiresAt, new Date(now.getTime() - EXPIRY_GRACE_MS)),
      ),
    )
    .orderBy(payments.expiresAt)
    .limit(500);
  let settled = 0;
  for (const { id, provider, providerSessionId } of overdue) {
    try {
      // No session (the provider's page never opened) or a sandbox one: nobody can have paid.
      const closing =
        providerSessionId && provider === deps.gateway.provider
          ? await deps.gateway.closeSession(providerSessionId)
          : { state: 'closed' as const };
      if (closing.state === 'paid') {
        deps.log.warn({ paymentId: id }, 'Overdue payment was paid at the provider; settling it');
      }
      if (await settleAsked(deps, id, 'pending', closing, now)) settled += 1;
    } catch (err) {
      deps.log.error({ err, paymentId: id }, 'Could not expire an overdue payment');
    }
  }
  return settled;
}

/**
 * A processing payment is first asked about this long after its deadline: its outcome's webhook
 * normally comes within days (SEPA Debit up to 14), and the provider retries a lost one for 3.
 */
export const PROCESSING_CHECK_AFTER_MS = 24 * 60 * 60_000;
/** ...and then again at this interval, until the provider gives its outcome. */
export const PROCESSING_CHECK_INTERVAL_MS = 6 * 60 * 60_000;
const PROCESSING_CHECKS_PER_SWEEP = 100;

/**
 * Asks the provider about processing payments whose outcome has not arrived after the grace, the
 * ones asked longest ago first, and applies what it says (settleAsked: the amount and currency
 * are compared first). Answers how many this call settled.
 */
export async function reconcileProcessing(
  deps: SweepDeps,
  now: Date = new Date(),
): Promise<number> {
  const waiting = await deps.db
    .select({ id: payments.id, providerSessionId: payments.providerSessionId })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'processing'),
        eq(payments.provider, deps.gateway.provider),
        lt(payments.expiresAt, new Date(now.getTime() - PROCESSING_CHECK_AFTER_MS)),
        or(
          isNull(payments.providerCheckedAt),
          lt(payments.providerCheckedAt, new Date(now.getTime() - PROCESSING_CHECK_INTERVAL_MS)),
        ),
      ),
    )
    .orderBy(sql`${payments.providerCheckedAt} asc nulls first`, payments.createdAt)
    .limit(PROCESSING_CHECKS_PER_SWEEP);
  let settled = 0;
  for (const { id, providerSessionId } of waiting) {
    if (!providerSessionId) continue;
    try {
      const closing = await deps.gateway.closeSession(providerSessionId);
      if (await settleAsked(deps, id, 'processing', closing, now)) settled += 1;
    } catch (err) {
      deps.log.error(
        { err, paymentId: id },
        'Could not ask the provider about a processing payment',
      );
    }
  }
  return settled;
}
