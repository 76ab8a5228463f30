import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_LOCALE, LOCALES } from '@pictura/contract';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased (the contract's EmailSchema does it) so one address is one account.
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    // Profile and billing details (seed-spec section 3), filled in by the user later.
    firstName: text('first_name'),
    lastName: text('last_name'),
    country: text('country'),
    city: text('city'),
    address1: text('address1'),
    state: text('state'),
    zipCode: text('zip_code'),
    currency: text('currency', { enum: CURRENCIES }).notNull().default(DEFAULT_CURRENCY),
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check(
      'users_currency_check',
      sql.raw(
        `${table.currency.name} in (${CURRENCIES.map((currency) => `'${currency}'`).join(', ')})`,
      ),
    ),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
