import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/index.js';
import type { PaymentGateway, SessionClosing } from '../../infra/payments/index.js';
import { payments } from './schema.js';
import { lockPayment, type SettlementRegistry } from './settle.js';

/** A pending payment is expired this long after its own deadline, so a provider's late answer wins. */
export const EXPIRY_GRACE_MS = 2 * 60_000;

export interface SweepDeps {
  db: Db;
  gateway: PaymentGateway;
  settlements: SettlementRegistry;
  log: FastifyBaseLogger;
}

/**
 * Applies the provider's answer to a pending payment the shop is giving up on, under its row lock:
 * paid settles it as succeeded, a delayed method under way makes it processing, closed expires it.
 * A webhook that settled it meanwhile wins (the payment is no longer pending). Answers whether the
 * payment left pending here.
 */
async function settleOverdue(
  { db, settlements }: SweepDeps,
  paymentId: string,
  closing: SessionClosing,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (locked?.status !== 'pending') return false;
    // Kept as the completion webhook would have kept it: a dispute or a provider refund of this
    // payment names only this id.
    if (closing.providerPaymentId && !locked.providerPaymentId) {
      await tx
        .update(payments)
        .set({ providerPaymentId: closing.providerPaymentId })
        .where(eq(payments.id, locked.id));
    }
    if (closing.state === 'processing') {
      await tx.update(payments).set({ status: 'processing' }).where(eq(payments.id, locked.id));
    } else {
      const outcome = closing.state === 'paid' ? 'succeeded' : 'expired';
      await settlements.settleLocked(tx, locked, outcome);
    }
    return true;
  });
}

/**
 * Settles pending payments past their deadline and its grace. The provider is the authority on
 * whether money arrived (DESIGN section 3), so each one's session is first asked about and closed
 * at the provider, outside any transaction (it may be slow). Processing payments are left to their
 * provider's outcome. Answers how many this call settled (another process sweeping at once settles
 * the rest). One payment that fails is logged and left for the next sweep; the others still go.
 */
export async function expireOverdue(deps: SweepDeps, now: Date = new Date()): Promise<number> {
  const overdue = await deps.db
    .select({ id: payments.id, providerSessionId: payments.providerSessionId })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.expiresAt, new Date(now.getTime() - EXPIRY_GRACE_MS)),
      ),
    )
    .orderBy(payments.expiresAt)
    .limit(500);
  let settled = 0;
  for (const { id, providerSessionId } of overdue) {
    try {
      // No session: the provider's page never opened, so nobody can have paid.
      const closing = providerSessionId
        ? await deps.gateway.closeSession(providerSessionId)
        : { state: 'closed' as const };
      if (closing.state === 'paid') {
        deps.log.warn({ paymentId: id }, 'Overdue payment was paid at the provider; settling it');
      }
      if (await settleOverdue(deps, id, closing)) settled += 1;
    } catch (err) {
      deps.log.error({ err, paymentId: id }, 'Could not expire an overdue payment');
    }
  }
  return settled;
}
