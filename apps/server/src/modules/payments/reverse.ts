import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  paths,
  type DisputeStage,
  type PaymentProvider,
  type PaymentReversalKind,
  type PaymentStatus,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { PaymentReversalEvent } from '../../infra/payments/index.js';
import { userContact } from '../accounts/index.js';
import type { MailOutbox } from '../mail/index.js';
import {
  cancelDisputeCreditNotes,
  issueCreditNote,
  type ReceiptSeller,
} from '../receipts/index.js';
import { holdOtherCurrencyReversal } from './other-currency.js';
import { reversalMail } from './reversal-mail.js';
import { paymentReversals, payments, type PaymentEventOutcome, type PaymentRow } from './schema.js';
import { partyEffect, type ReversalEffect, type SettlementRegistry } from './settle.js';

export interface ReversalDeps {
  provider: PaymentProvider;
  settlements: SettlementRegistry;
  log: FastifyBaseLogger;
  /** Absent only in tests' second services (sweepers), which never receive these events. */
  outbox?: MailOutbox;
  /** The seller on the credit notes reversals issue; absent with the outbox. */
  seller?: ReceiptSeller;
  /** Where a reversal in another currency is reported (SUPPORT_EMAIL); absent with the outbox. */
  shopEmail?: string;
  publicUrl: string;
}

/**
 * Whether the payment delivered something the provider can take back: a success, or one already
 * partly taken back. A `late` payment (refunded by the shop itself) and a `refunded` one that
 * delivered nothing echo the shop's own refund as `charge.refunded`: nothing to take back.
 */
const delivered = (payment: PaymentRow): boolean =>
  payment.status === 'succeeded' ||
  payment.status === 'disputed' ||
  (payment.status === 'refunded' && payment.reversedAmount > 0);

// A dispute's stages only move forward: a late `created` after `won`, or `lost` after an appeal was
// won, changes nothing. (`lost` is `withdrawn`: an appeal may still win it back.)
const RANK: Record<DisputeStage, number> = { inquiry: 0, withdrawn: 1, reinstated: 2 };

interface Totals {
  refundedAmount: number;
  disputedAmount: number;
  disputeStage: DisputeStage | null;
}

/** The payment's totals after the event: refunds by their largest total, disputes by stage. */
function totalsAfter(payment: PaymentRow, event: PaymentReversalEvent): Totals {
  const current: Totals = {
    refundedAmount: payment.refundedAmount,
    disputedAmount: payment.disputedAmount,
    disputeStage: payment.disputeStage,
  };
  if (event.type === 'refunded') {
    return { ...current, refundedAmount: Math.max(payment.refundedAmount, event.amount) };
  }
  const stage = event.disputeStage ?? 'withdrawn';
  const rank = payment.disputeStage === null ? -1 : RANK[payment.disputeStage];
  if (RANK[stage] < rank) return current;
  if (RANK[stage] === rank && stage !== 'withdrawn') return current;
  const disputedAmount = stage === 'withdrawn' ? Math.max(payment.disputedAmount, event.amount) : 0;
  return { ...current, disputeStage: stage, disputedAmount };
}

const statusOf = (payment: PaymentRow, totals: Totals): PaymentStatus =>
  totals.disputeStage === 'withdrawn'
    ? 'disputed'
    : totals.refundedAmount >= payment.amount
      ? 'refunded'
      : 'succeeded';

const sum = (
  effect: ReversalEffect,
  field: 'takenFromBalance' | 'debt' | 'givenBack' | 'debtCancelled',
) => effect.parties.reduce((total, party) => total + party[field], 0);

/**
 * A dispute event or a refund made at the provider, applied to its payment under the payment's row
 * lock in the webhook's transaction. This is the one place a provider's reversal moves money.
 *
 * The payment keeps totals: everything refunded so far (Stripe's refund events carry it), the
 * disputed amount while the dispute's funds are withdrawn (an inquiry's never are; a won dispute's
 * come back), and `reversed_amount`, what the shop has taken back for them: at most the payment.
 * Each event moves only the difference between that and the new total, in either direction, so a
 * replay, a redelivery, an older total or an event that arrives after a later one moves nothing.
 * The owner module takes back (or gives back) what that part paid for, the back office gets a row
 * and every customer concerned a mail, all in the same transaction.
 */
export async function applyReversal(
  deps: ReversalDeps,
  tx: Db,
  payment: PaymentRow,
  event: PaymentReversalEvent,
): Promise<PaymentEventOutcome> {
  const context = { eventId: event.eventId, paymentId: payment.id, type: event.type };
  if (event.currency !== payment.currency) {
    // What it is worth in the payment's currency is a person's call: kept, listed, mailed.
    await holdOtherCurrencyReversal(deps, tx, payment, event);
    deps.log.warn(
      { ...context, currency: event.currency },
      'Dispute or refund in another currency than its payment; kept for a person to settle',
    );
    return 'otherCurrency';
  }
  if (payment.status === 'late' && event.type === 'disputed') {
    // Nothing was delivered, so nothing is taken back: the dispute is recorded as the provider
    // says it. Before the shop's own refund is claimed, its stage decides whether the refund still
    // goes (late-refund.ts claims under this row's lock). Once claimed or made, the provider takes
    // only one of the two: it refuses to refund a charged-back payment, and a dispute of a refunded
    // one withdraws at most what was not refunded; the owner answers it with the refund.
    const totals = totalsAfter(payment, event);
    if (totals.disputeStage === payment.disputeStage) return 'ignored';
    await tx.update(payments).set(totals).where(eq(payments.id, payment.id));
    const refund =
      payment.refundedAt !== null
        ? 'made'
        : payment.refundClaimedAt !== null
          ? 'inFlight'
          : 'notYet';
    deps.log.warn(
      { ...context, stage: totals.disputeStage, refund },
      refund === 'notYet'
        ? 'Dispute of a late payment before its refund went through'
        : 'Dispute of a late payment whose refund was made or is in flight; answer it with the refund',
    );
    return 'applied';
  }
  if (!delivered(payment)) {
    deps.log.info(
      { ...context, status: payment.status },
      'Refund of a payment that delivered nothing',
    );
    return 'ignored';
  }
  const totals = totalsAfter(payment, event);
  const target = Math.min(payment.amount, totals.refundedAmount + totals.disputedAmount);
  const stageChanged = totals.disputeStage !== payment.disputeStage;
  await tx
    .update(payments)
    .set({
      ...totals,
      status: statusOf(payment, totals),
      reversedAmount: target,
      ...(totals.refundedAmount > payment.refundedAmount ? { refundedAt: sql`now()` } : {}),
    })
    .where(eq(payments.id, payment.id));
  if (target === payment.reversedAmount) {
    if (stageChanged) deps.log.warn({ ...context, stage: totals.disputeStage }, 'Dispute stage');
    return stageChanged ? 'applied' : 'ignored';
  }

  const kind: PaymentReversalKind =
    target < payment.reversedAmount
      ? 'reinstatement'
      : event.type === 'disputed'
        ? 'dispute'
        : 'refund';
  const amount = Math.abs(target - payment.reversedAmount);
  const reference = `payment:${payment.id}:event:${event.eventId}`;
  const effect = await deps.settlements.reverseLocked(tx, payment, {
    kind,
    from: payment.reversedAmount,
    to: target,
    reference,
  });
  if (deps.outbox && deps.seller) {
    const issuer = { seller: deps.seller, outbox: deps.outbox };
    const subject =
      payment.orderId === null ? { depositPaymentId: payment.id } : { orderId: payment.orderId };
    // The receipt of what the payment paid for is corrected by what was taken back; a won
    // dispute cancels the dispute's credit notes for what it gave back, as the sale stands again.
    if (kind === 'reinstatement') {
      await cancelDisputeCreditNotes(tx, issuer, { subject, amount, reference });
    } else {
      await issueCreditNote(tx, issuer, { subject, amount, reason: kind, reference });
    }
  }
  await tx.insert(paymentReversals).values({
    provider: deps.provider,
    eventId: event.eventId,
    paymentId: payment.id,
    kind,
    amount,
    currency: payment.currency,
    takenFromBalance: sum(effect, 'takenFromBalance'),
    debt: sum(effect, 'debt'),
    withdrawnArtworks: effect.withdrawnArtworks,
    givenBack: sum(effect, 'givenBack'),
    debtCancelled: sum(effect, 'debtCancelled'),
    restoredArtworks: effect.restoredArtworks,
  });
  deps.log.warn({ ...context, kind, amount, ...effect }, 'Provider reversal moved money');
  await mailParties(deps, tx, payment, kind, amount, effect);
  return 'applied';
}

/** The payer always hears of it; a redeemer whose balance gave or got something too. */
async function mailParties(
  deps: ReversalDeps,
  tx: Db,
  payment: PaymentRow,
  kind: PaymentReversalKind,
  amount: number,
  effect: ReversalEffect,
): Promise<void> {
  if (!deps.outbox) return;
  const payer = effect.parties.find((party) => party.role === 'payer');
  const recipients = [
    payer ?? partyEffect(payment.userId, 'payer', {}),
    ...effect.parties.filter((party) => party.role === 'redeemer'),
  ];
  for (const party of recipients) {
    const contact = await userContact(tx, party.userId);
    await deps.outbox.enqueue(tx, {
      kind: 'paymentReversal',
      to: contact.email,
      ...reversalMail(contact.locale, {
        kind,
        role: party.role,
        orderId: payment.orderId,
        amount,
        currency: payment.currency,
        takenFromBalance: party.takenFromBalance,
        debt: party.debt,
        givenBack: party.givenBack,
        debtCancelled: party.debtCancelled,
        withdrawnArtworks: party.role === 'payer' ? effect.withdrawnArtworks : 0,
        restoredArtworks: party.role === 'payer' ? effect.restoredArtworks : 0,
        walletLink: `${deps.publicUrl}${paths.wallet}`,
      }),
    });
  }
}
