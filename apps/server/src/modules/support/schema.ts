import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOCALES, SUPPORT_TICKET_TYPES } from '@pictura/contract';
import { users } from '../accounts/index.js';

const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * A message to customer care (seed-spec sections 3 and 7, issue 7). Tickets of signed-in senders
 * point at their account; deleting the account keeps the ticket (support may still be answering it)
 * but no longer links it.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // What the sender quotes: random rather than sequential, so it tells nothing about other tickets.
    ticketNumber: text('ticket_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    supportTicketType: text('support_ticket_type', { enum: SUPPORT_TICKET_TYPES }).notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    // The language the sender wrote in, which the answer should be in too.
    locale: text('locale', { enum: LOCALES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('support_tickets_type_check', oneOf('support_ticket_type', SUPPORT_TICKET_TYPES)),
    check('support_tickets_locale_check', oneOf('locale', LOCALES)),
    index('support_tickets_user_id_idx').on(table.userId),
  ],
);

export type SupportTicket = typeof supportTickets.$inferSelect;
export type NewSupportTicket = typeof supportTickets.$inferInsert;
