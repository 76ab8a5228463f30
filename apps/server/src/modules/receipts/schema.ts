import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CREDIT_NOTE_REASONS, CURRENCIES } from '@pictura/contract';
import { users } from '../accounts/schema.js';
import { oneOf } from '../../infra/db/checks.js';

export const RECEIPT_KINDS = ['order', 'deposit'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** Who sold: the shop's legal details as configured when the receipt was issued. */
export interface ReceiptSeller {
  name: string;
  address: string;
  vatNumber: string;
}

/** Who paid: the billing details of the order or deposit. */
export interface ReceiptBuyer {
  name: string;
  email: string;
  address1: string;
  city: string;
  zipCode: string;
  state: string | null;
  country: string;
}

/** One line: what was bought, its VAT-inclusive price and the VAT in it. */
export interface ReceiptLine {
  kind: 'artwork' | 'giftCard' | 'deposit';
  /** An artwork's title; empty for a gift card or a deposit. */
  title: string;
  /** An artwork's variant kind (OFFER_ATTRIBUTE_KINDS): its licence page. */
  variant: string | null;
  gross: number;
  /** The country whose VAT the line includes; null when it includes none. */
  vatCountry: string | null;
  /** Basis points. */
  vatRate: number;
  vat: number;
}

/**
 * The receipts: one per paid order and per credited deposit, numbered 1, 2, 3... without gaps in
 * the order they were issued. Everything a receipt shows is written here when it is issued (seller,
 * buyer, lines), so later changes to the configuration, the profile or VAT rates change no receipt.
 * Kept when the buyer's account goes (the law keeps receipts for years).
 */
export const receipts = pgTable(
  'receipts',
  {
    number: integer('number').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    // The order or the deposit's payment (their modules own them: no foreign key).
    orderId: integer('order_id'),
    paymentId: uuid('payment_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    vatTotal: bigint('vat_total', { mode: 'number' }).notNull(),
    seller: jsonb('seller').$type<ReceiptSeller>().notNull(),
    buyer: jsonb('buyer').$type<ReceiptBuyer>().notNull(),
    lines: jsonb('lines').$type<ReceiptLine[]>().notNull(),
  },
  (table) => [
    uniqueIndex('receipts_order_unique').on(table.orderId),
    uniqueIndex('receipts_payment_unique').on(table.paymentId),
    index('receipts_user_index').on(table.userId, table.number),
    check('receipts_kind_check', oneOf('kind', RECEIPT_KINDS)),
    check('receipts_currency_check', oneOf('currency', CURRENCIES)),
    check('receipts_number_positive', sql`${table.number} > 0`),
    check(
      'receipts_kind_has_its_reference',
      sql`(${table.kind} = 'order') = (${table.orderId} is not null) and (${table.kind} = 'deposit') = (${table.paymentId} is not null)`,
    ),
    check(
      'receipts_vat_in_range',
      sql`${table.vatTotal} >= 0 and ${table.vatTotal} <= ${table.total}`,
    ),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * The credit notes: one per refund or reversal of money a receipt recorded, each correcting that
 * receipt for the part given back (all of it, or its share of every line), numbered 1, 2, 3...
 * in a series of their own. Like receipts, everything shown is written when it is issued, and they
 * are kept when the account goes. `reference` names the movement that issued it, once.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    number: integer('number').primaryKey(),
    receiptNumber: integer('receipt_number')
      .notNull()
      .references(() => receipts.number),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    reason: text('reason', { enum: CREDIT_NOTE_REASONS }).notNull(),
    // A dispute won's cancellation: the dispute's credit note it cancels (its lines are charged
    // again, so they count negatively against the receipt and in the VAT report).
    cancels: integer('cancels').references((): AnyPgColumn => creditNotes.number),
    reference: text('reference').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    vatTotal: bigint('vat_total', { mode: 'number' }).notNull(),
    seller: jsonb('seller').$type<ReceiptSeller>().notNull(),
    buyer: jsonb('buyer').$type<ReceiptBuyer>().notNull(),
    lines: jsonb('lines').$type<ReceiptLine[]>().notNull(),
  },
  (table) => [
    uniqueIndex('credit_notes_reference_unique').on(table.reference),
    index('credit_notes_receipt_index').on(table.receiptNumber),
    index('credit_notes_user_index').on(table.userId, table.number),
    index('credit_notes_issued_index').on(table.issuedAt),
    check('credit_notes_reason_check', oneOf('reason', CREDIT_NOTE_REASONS)),
    check(
      'credit_notes_cancellation_names_its_note',
      sql`(${table.reason} = 'disputeWon') = (${table.cancels} is not null)`,
    ),
    check('credit_notes_currency_check', oneOf('currency', CURRENCIES)),
    check('credit_notes_total_positive', sql`${table.total} > 0`),
    check(
      'credit_notes_vat_in_range',
      sql`${table.vatTotal} >= 0 and ${table.vatTotal} <= ${table.total}`,
    ),
  ],
);

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The last number given per series (receipts; credit notes). Issuing one raises it under the row's lock in the
 * transaction that marks the order paid or credits the deposit: a transaction that rolls back
 * gives its number back, and concurrent ones take turns, so numbers have neither gaps nor twins.
 */
export const receiptCounter = pgTable('receipt_counter', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});
