import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES } from '@pictura/contract';
import { users } from '../accounts/schema.js';
import { oneOf } from '../../infra/db/checks.js';

/**
 * A gift card issued when the order that bought it was paid (docs/product/money.md#gift-cards).
 * Only the code's HMAC is kept for redemption; the code itself stays encrypted until its buyer has
 * seen it once in the order history, then only its last group (`codeHint`) remains.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The order belongs to the orders module, which calls this one: no foreign key back to it.
    // Null for a card issued by hand in the back office, which has no buyer either.
    orderId: integer('order_id'),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'cascade' }),
    // A card issued by hand: the admin who issued it, why, and where its code was mailed.
    issuedBy: uuid('issued_by').references(() => users.id),
    reason: text('reason'),
    recipientEmail: text('recipient_email'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    codeHash: text('code_hash').notNull(),
    codeHint: text('code_hint').notNull(),
    codeSealed: text('code_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    // Voided when its order was refunded before it was redeemed: it can no longer be redeemed.
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    // How much of the card's value a dispute or provider refund of the payment that bought it took
    // back (docs/decisions/money/nothing-repaid-stays-spendable.md): before redemption the card
    // is worth that much less; after it, taken from the redeemer's balance, and the part of that
    // the redeemer's balance could not give recorded as the buyer's debt (`owed_by_buyer`).
    reversedAmount: bigint('reversed_amount', { mode: 'number' }).notNull().default(0),
    owedByBuyer: bigint('owed_by_buyer', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('gift_cards_code_hash_unique').on(table.codeHash),
    // One gift card per order (the cart holds at most one), so issuing it twice is impossible.
    uniqueIndex('gift_cards_order_unique').on(table.orderId),
    index('gift_cards_buyer_index').on(table.buyerId),
    check('gift_cards_amount_positive', sql`${table.amount} > 0`),
    check(
      'gift_cards_reversed_in_range',
      sql`${table.owedByBuyer} >= 0 and ${table.owedByBuyer} <= ${table.reversedAmount} and ${table.reversedAmount} <= ${table.amount}`,
    ),
    check('gift_cards_currency_check', oneOf('currency', CURRENCIES)),
    check(
      'gift_cards_order_or_manual',
      sql`(${table.orderId} is null) = (${table.issuedBy} is not null) and (${table.orderId} is null) = (${table.buyerId} is null)`,
    ),
  ],
);

export type GiftCardRow = typeof giftCards.$inferSelect;

/**
 * Wrong redemption attempts, one row per subject (`user:{id}`, `ip:{hash}`) and attempt, counted
 * over a sliding window to answer 429 to code guessing. Kept in the database so that every API
 * process counts the same attempts; old rows are deleted as new ones come.
 */
export const giftCardAttempts = pgTable(
  'gift_card_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gift_card_attempts_subject_index').on(table.subject, table.createdAt),
    index('gift_card_attempts_created_index').on(table.createdAt),
  ],
);
