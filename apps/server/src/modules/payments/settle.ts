import { eq, sql } from 'drizzle-orm';
import type { PaymentFailureReason, PaymentPurpose, PaymentReversalKind } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { users } from '../accounts/index.js';
import { payments, type PaymentRow } from './schema.js';

/** What the module that asked for a payment does when it settles; runs in the settling transaction. */
export interface SettlementHandlers {
  /** Answers whether it delivered; false when what was paid for no longer waits (see admin-payments). */
  succeeded(tx: Db, payment: PaymentRow): Promise<boolean>;
  /** The payment will never succeed: declined, abandoned or out of time. */
  failed(tx: Db, payment: PaymentRow, status: 'failed' | 'expired'): Promise<void>;
  /**
   * What the provider has given back to the payer of this delivered payment (disputes whose funds
   * are withdrawn, refunds made at the provider) went from `from` to `to`: take back what that part
   * paid for, or give back what a won dispute no longer takes. Optional only for tests' stand-in
   * handlers.
   */
  reversed?(tx: Db, payment: PaymentRow, reversal: Reversal): Promise<ReversalEffect>;
}

export interface Reversal {
  kind: PaymentReversalKind;
  /** The payment's total given back to the payer before this event, and after it (minor units). */
  from: number;
  to: number;
  /**
   * New for every event that moves something: each ledger movement's reference is this plus a
   * suffix naming its part (`:payer`, `:card-redeemer`, ...), so it happens once.
   */
  reference: string;
}

/** What one reversal did to one customer's money. */
export interface PartyEffect {
  userId: string;
  /** payer: who paid (and got the money back); redeemer: who redeemed a gift card it bought. */
  role: 'payer' | 'redeemer';
  takenFromBalance: number;
  debt: number;
  givenBack: number;
  debtCancelled: number;
}

/** What a reversal did: money taken or given back per customer, and an order's downloads. */
export interface ReversalEffect {
  parties: PartyEffect[];
  withdrawnArtworks: number;
  restoredArtworks: number;
}

/** One party's effect from a signed movement: positive takes, negative gives back. */
export const partyEffect = (
  userId: string,
  role: PartyEffect['role'],
  moved: Partial<Omit<PartyEffect, 'userId' | 'role'>>,
): PartyEffect => ({
  userId,
  role,
  takenFromBalance: 0,
  debt: 0,
  givenBack: 0,
  debtCancelled: 0,
  ...moved,
});

/** Statuses a payment may still leave for an outcome: the shopper or the bank has yet to answer. */
export const OPEN_STATUSES = ['pending', 'processing'] as const;
export const isOpen = (payment: PaymentRow): boolean =>
  (OPEN_STATUSES as readonly string[]).includes(payment.status);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payment of a provider payment id (Stripe's PaymentIntent), row-locked for the rest of `tx`. */
export async function lockPaymentByProviderId(
  tx: Db,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .for('update');
  return row;
}

/** Whether the payment's account has been deleted: nothing may be delivered to it any more. */
export async function ownerDeleted(tx: Db, payment: PaymentRow): Promise<boolean> {
  const [owner] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, payment.userId));
  return owner?.deletedAt != null;
}

/** The payment, row-locked for the rest of `tx`; undefined for an unknown or malformed id. */
export async function lockPayment(tx: Db, paymentId: string): Promise<PaymentRow | undefined> {
  if (!UUID.test(paymentId)) return undefined;
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
}

/** The purposes' handlers, registered by their modules at start-up. */
export class SettlementRegistry {
  readonly #handlers = new Map<PaymentPurpose, SettlementHandlers>();

  register(purpose: PaymentPurpose, handlers: SettlementHandlers): void {
    this.#handlers.set(purpose, handlers);
  }

  /**
   * Settles an open payment (locked by the caller) and tells its owner module, in `tx`. Answers
   * false for a success whose owner delivered nothing for it.
   */
  async settleLocked(
    tx: Db,
    payment: PaymentRow,
    status: 'succeeded' | 'failed' | 'expired',
    failureReason?: PaymentFailureReason,
  ): Promise<boolean> {
    // Expiry is its own reason; a failure keeps the provider's, if it gave one.
    const reason =
      status === 'expired' ? 'expired' : status === 'failed' ? failureReason : undefined;
    const [settled] = await tx
      .update(payments)
      .set({ status, settledAt: sql`now()`, failureReason: reason ?? null })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!settled) throw new Error(`Payment ${payment.id} vanished while locked`);
    const handlers = this.#handlers.get(settled.purpose);
    if (!handlers) throw new Error(`No settlement handlers for ${settled.purpose} payments`);
    if (status === 'succeeded') return handlers.succeeded(tx, settled);
    await handlers.failed(tx, settled, status);
    return true;
  }

  /**
   * Settles as `late` an open payment (locked) whose money arrived for an account deleted since it
   * started: its owner module gives up on it as failed (a balance part goes back, nothing is
   * delivered) and the caller refunds it through the provider after the commit, as any late one.
   */
  async settleForDeletedOwner(tx: Db, payment: PaymentRow, providerSessionId?: string) {
    await this.settleLocked(tx, payment, 'failed');
    await tx
      .update(payments)
      .set({
        status: 'late',
        failureReason: null,
        providerSessionId: payment.providerSessionId ?? providerSessionId ?? null,
      })
      .where(eq(payments.id, payment.id));
  }

  /** Tells the payment's owner module that the provider gave part of it back (payment locked). */
  async reverseLocked(tx: Db, payment: PaymentRow, reversal: Reversal): Promise<ReversalEffect> {
    const handlers = this.#handlers.get(payment.purpose);
    if (!handlers?.reversed) throw new Error(`No reversal handler for ${payment.purpose} payments`);
    return handlers.reversed(tx, payment, reversal);
  }
}
