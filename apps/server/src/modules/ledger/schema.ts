import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, LEDGER_ENTRY_KINDS } from '@pictura/contract';
import { users } from '../accounts/schema.js';
import { oneOf } from '../../infra/db/checks.js';

/**
 * A user's balance per currency (docs/product/money.md#balances): the sum of the user's ledger
 * entries in that currency, kept here so that a row lock serialises every movement. Never below
 * zero.
 */
export const balances = pgTable(
  'balances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.currency] }),
    check('balances_amount_not_negative', sql`${table.amount} >= 0`),
    check('balances_currency_check', oneOf('currency', CURRENCIES)),
  ],
);

/**
 * Append-only: every movement of a balance, with the balance after it and what caused it. The
 * (kind, reference) pair is unique, so one cause moves money once however often it is replayed.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_entries_kind_reference_unique').on(table.kind, table.reference),
    index('ledger_entries_user_currency_id_index').on(table.userId, table.currency, table.id),
    // A capture records that a held amount became a charge: visible, but it moves nothing.
    check(
      'ledger_entries_amount_not_zero',
      sql`${table.amount} <> 0 or ${table.kind} = 'generationCapture'`,
    ),
    check('ledger_entries_balance_after_not_negative', sql`${table.balanceAfter} >= 0`),
    check('ledger_entries_kind_check', oneOf('kind', LEDGER_ENTRY_KINDS)),
    check('ledger_entries_currency_check', oneOf('currency', CURRENCIES)),
  ],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * What a customer owes per currency: the part of a reversed deposit (a dispute or a
 * refund at the provider) that the balance could not give back. Never below zero; a row at zero
 * means nothing is owed. Locked after the balance row, in that order everywhere.
 */
export const debts = pgTable(
  'debts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.currency] }),
    check('debts_amount_not_negative', sql`${table.amount} >= 0`),
    check('debts_currency_check', oneOf('currency', CURRENCIES)),
  ],
);
