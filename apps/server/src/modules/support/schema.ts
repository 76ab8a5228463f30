import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOCALES, SUPPORT_TICKET_TYPES, TICKET_STATUSES } from '@pictura/contract';
import { users } from '../accounts/schema.js';
import { oneOf } from '../../infra/db/checks.js';

/**
 * A message to customer care (docs/product/care.md#support-tickets). Tickets of signed-in senders
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
    // Open until the back office answers or closes it; changes are in support_ticket_events.
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('support_tickets_status_check', oneOf('status', TICKET_STATUSES)),
    index('support_tickets_status_created_idx').on(table.status, table.createdAt),
    check('support_tickets_type_check', oneOf('support_ticket_type', SUPPORT_TICKET_TYPES)),
    check('support_tickets_locale_check', oneOf('locale', LOCALES)),
    index('support_tickets_user_id_idx').on(table.userId),
  ],
);

export type SupportTicket = typeof supportTickets.$inferSelect;
export type NewSupportTicket = typeof supportTickets.$inferInsert;

/** An answer mailed from the back office; `sentAt` is null until its mail went out. */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('support_ticket_replies_ticket_idx').on(table.ticketId, table.id)],
);

export type SupportTicketReplyRow = typeof supportTicketReplies.$inferSelect;

/** Every status change of a ticket: who, from, to, when. Append-only. */
export const supportTicketEvents = pgTable(
  'support_ticket_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    fromStatus: text('from_status', { enum: TICKET_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: TICKET_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('support_ticket_events_from_check', oneOf('from_status', TICKET_STATUSES)),
    check('support_ticket_events_to_check', oneOf('to_status', TICKET_STATUSES)),
    index('support_ticket_events_ticket_idx').on(table.ticketId, table.id),
  ],
);
