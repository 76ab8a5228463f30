import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  serial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CURRENCIES,
  DISPUTE_STAGES,
  OTHER_CURRENCY_REVERSAL_TYPES,
  PAYMENT_REVERSAL_KINDS,
  PAYMENT_FAILURE_REASONS,
  PAYMENT_EVENT_OUTCOMES,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from '@pictura/contract';
import { users } from '../accounts/schema.js';
import { oneOf } from '../../infra/db/checks.js';

// What webhooks did to a payment (the contract's PAYMENT_EVENT_OUTCOMES): kept per event so that a
// replay is recognised and answered.
export type { PaymentEventOutcome } from '@pictura/contract';

/**
 * One attempt to take money through the payment provider: for an order (its part not paid by the
 * balance) or a deposit. Settled once, by a verified webhook or by expiry.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    // The order it pays (purpose 'order'); orders belong to the orders module, so no foreign key.
    orderId: integer('order_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    paymentLink: text('payment_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    // Why it failed or expired, as shown to the shopper; null when the provider gave no reason.
    failureReason: text('failure_reason', { enum: PAYMENT_FAILURE_REASONS }),
    // Money given back through the provider (a late payment's automatic refund, a refund from the
    // back office, one made at the provider): its id, the amount by now and when.
    providerRefundId: text('provider_refund_id'),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // A late payment's automatic refund, claimed before the provider is asked (late-refund.ts):
    // a dispute or another sweep sees that it is in flight. A claim older than a few minutes is
    // one whose process died, and may be taken again with the same idempotency key.
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    // The provider's id of the money movement (Stripe's PaymentIntent), kept when the session
    // completes: disputes and refunds made at the provider name only this.
    providerPaymentId: text('provider_payment_id').unique(),
    // What the payer's bank disputed, and how much of the delivered payment the shop has taken back
    // for disputes and refunds made at the provider (so every later event moves only the difference).
    // `disputed_amount` counts only while the dispute's funds are withdrawn: an inquiry and a won
    // dispute keep it at 0. The stage only moves forward (contract DISPUTE_STAGES).
    disputedAmount: bigint('disputed_amount', { mode: 'number' }).notNull().default(0),
    // When the sweep last asked the provider about this processing payment (its outcome's webhook
    // may have been lost); null until it first does.
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    reversedAmount: bigint('reversed_amount', { mode: 'number' }).notNull().default(0),
    disputeStage: text('dispute_stage', { enum: DISPUTE_STAGES }),
  },
  (table) => [
    check('payments_amount_positive', sql`${table.amount} > 0`),
    check('payments_purpose_check', oneOf('purpose', PAYMENT_PURPOSES)),
    check('payments_status_check', oneOf('status', PAYMENT_STATUSES)),
    check('payments_currency_check', oneOf('currency', CURRENCIES)),
    // A null reason passes: `null in (...)` is not false.
    check('payments_failure_reason_check', oneOf('failure_reason', PAYMENT_FAILURE_REASONS)),
    check('payments_dispute_stage_check', oneOf('dispute_stage', DISPUTE_STAGES)),
    check(
      'payments_order_purpose',
      sql`(${table.purpose} = 'order') = (${table.orderId} is not null)`,
    ),
    index('payments_pending_expiry_index')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    index('payments_order_index').on(table.orderId),
    index('payments_processing_index')
      .on(table.createdAt)
      .where(sql`${table.status} = 'processing'`),
    check('payments_refunded_amount_not_negative', sql`${table.refundedAmount} >= 0`),
    check(
      'payments_reversed_amount_in_range',
      sql`${table.reversedAmount} >= 0 and ${table.reversedAmount} <= ${table.amount} and ${table.disputedAmount} >= 0`,
    ),
    // The sweep retries late payments whose automatic refund has not gone through yet.
    index('payments_late_unrefunded_index')
      .on(table.settledAt)
      .where(sql`${table.status} = 'late' and ${table.refundedAt} is null`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/** Every webhook event received, by the provider's event id: the replay guard and the audit trail. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id'),
    type: text('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', { enum: PAYMENT_EVENT_OUTCOMES }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    // A mismatched or undelivered capture refunded from the back office (a late one's refund is
    // on its payment).
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    // The back office reads a payment's events and lists the late ones.
    index('payment_events_payment_index').on(table.paymentId),
    index('payment_events_captured_unsold_index')
      .on(table.receivedAt)
      .where(sql`${table.outcome} in ('late', 'mismatch', 'undelivered')`),
  ],
);

/**
 * A dispute or a refund made at the provider that took money back from a delivered payment (issue
 * 17): one row per provider event that moved something, with what the shop did about it. The back
 * office lists these; the unique event keeps a replay from writing a second row.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_REVERSAL_KINDS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    takenFromBalance: bigint('taken_from_balance', { mode: 'number' }).notNull().default(0),
    debt: bigint('debt', { mode: 'number' }).notNull().default(0),
    withdrawnArtworks: integer('withdrawn_artworks').notNull().default(0),
    // A reinstatement's: given back to balances, debt cancelled, downloads given back.
    givenBack: bigint('given_back', { mode: 'number' }).notNull().default(0),
    debtCancelled: bigint('debt_cancelled', { mode: 'number' }).notNull().default(0),
    restoredArtworks: integer('restored_artworks').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_reversals_event_unique').on(table.provider, table.eventId),
    index('payment_reversals_received_index').on(table.receivedAt),
    check('payment_reversals_kind_check', oneOf('kind', PAYMENT_REVERSAL_KINDS)),
    check('payment_reversals_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type PaymentReversalRow = typeof paymentReversals.$inferSelect;

/**
 * A dispute or a refund made at the provider in another currency than its payment's: the shop
 * cannot know what it is worth in the payment's currency, so it moves nothing and keeps it here for
 * a person to settle (listed in the back office, mailed to the shop). One row per provider event.
 */
export const otherCurrencyReversals = pgTable(
  'other_currency_reversals',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    type: text('type', { enum: OTHER_CURRENCY_REVERSAL_TYPES }).notNull(),
    disputeStage: text('dispute_stage', { enum: DISPUTE_STAGES }),
    // As the provider sent them; the currency is any ISO 4217 code.
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('other_currency_reversals_event_unique').on(table.provider, table.eventId),
    check('other_currency_reversals_type_check', oneOf('type', OTHER_CURRENCY_REVERSAL_TYPES)),
    check('other_currency_reversals_stage_check', oneOf('dispute_stage', DISPUTE_STAGES)),
    check('other_currency_reversals_amount_positive', sql`${table.amount} > 0`),
  ],
);
