import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.js';

/**
 * A deposit's billing details as the buyer typed them, kept for its receipt (the profile keeps its
 * own billing information). One row per deposit payment (the payments module owns it: no foreign key).
 */
export const deposits = pgTable(
  'deposits',
  {
    paymentId: uuid('payment_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    address1: text('address1').notNull(),
    state: text('state'),
    zipCode: text('zip_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deposits_user_index').on(table.userId)],
);

export type DepositRow = typeof deposits.$inferSelect;
