import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  ADMIN_TICKET_PAGE_SIZE,
  type AdminTicketDetail,
  type AdminTicketList,
  type AdminTicketQuery,
  type AdminTicketSummary,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { userEmails } from '../accounts/index.js';
import {
  supportTicketEvents,
  supportTicketReplies,
  supportTickets,
  type SupportTicket,
} from './schema.js';

// `%` and `_` typed into the search box are meant literally.
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return or(
    eq(supportTickets.ticketNumber, search.toUpperCase()),
    ilike(supportTickets.email, likePattern(search)),
  );
}

const summaryOf = (ticket: SupportTicket): AdminTicketSummary => ({
  ticketNumber: ticket.ticketNumber,
  status: ticket.status,
  email: ticket.email,
  name: ticket.name,
  supportTicketType: ticket.supportTicketType,
  locale: ticket.locale,
  createdAt: ticket.createdAt.toISOString(),
});

/** Tickets for the back office, newest first, one page at a time. */
export async function listTickets(db: Db, query: AdminTicketQuery): Promise<AdminTicketList> {
  const where = and(
    query.Status === undefined ? undefined : eq(supportTickets.status, query.Status),
    searchCondition(query.Search),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(ADMIN_TICKET_PAGE_SIZE)
      .offset((query.Page - 1) * ADMIN_TICKET_PAGE_SIZE),
    db.select({ total: count() }).from(supportTickets).where(where),
  ]);
  return {
    tickets: rows.map(summaryOf),
    total: counted?.total ?? 0,
    page: query.Page,
    pageSize: ADMIN_TICKET_PAGE_SIZE,
  };
}

export async function findTicket(db: Db, ticketNumber: string): Promise<SupportTicket> {
  const [ticket] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.ticketNumber, ticketNumber));
  if (!ticket) throw new AppError('NOT_FOUND');
  return ticket;
}

/** One ticket with its conversation (the sender's message, then the answers) and its status changes. */
export async function ticketDetail(db: Db, ticketNumber: string): Promise<AdminTicketDetail> {
  const ticket = await findTicket(db, ticketNumber);
  const [replies, events] = await Promise.all([
    db
      .select()
      .from(supportTicketReplies)
      .where(eq(supportTicketReplies.ticketId, ticket.id))
      .orderBy(asc(supportTicketReplies.id)),
    db
      .select()
      .from(supportTicketEvents)
      .where(eq(supportTicketEvents.ticketId, ticket.id))
      .orderBy(asc(supportTicketEvents.id)),
  ]);
  const emails = await userEmails(db, [
    ...replies.map((reply) => reply.authorId),
    ...events.map((event) => event.actorId),
  ]);
  return {
    ...summaryOf(ticket),
    description: ticket.description,
    reference: ticket.reference,
    linkedToAccount: ticket.userId !== null,
    replies: replies.map((reply) => ({
      id: reply.id,
      authorEmail: emails.get(reply.authorId) ?? reply.authorId,
      message: reply.message,
      createdAt: reply.createdAt.toISOString(),
      sentAt: reply.sentAt?.toISOString() ?? null,
    })),
    events: events.map((event) => ({
      id: event.id,
      actorEmail: emails.get(event.actorId) ?? event.actorId,
      from: event.fromStatus,
      to: event.toStatus,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}
