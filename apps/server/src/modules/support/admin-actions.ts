import { eq } from 'drizzle-orm';
import { paths, type AdminTicketDetail, type TicketStatus } from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { recordAudit } from '../admin/index.js';
import type { MailOutbox } from '../mail/index.js';
import { ticketReplyMail } from './admin-mails.js';
import { ticketDetail } from './admin-queries.js';
import {
  supportTicketEvents,
  supportTicketReplies,
  supportTickets,
  type SupportTicket,
} from './schema.js';

export interface SupportAdminDeps {
  readonly db: Db;
  readonly config: Pick<AppConfig, 'publicUrl'>;
  readonly outbox: MailOutbox;
}

const AUDIT_ENTITY = 'supportTicket';

/** The ticket under a row lock, so that two admins acting at once see each other's change. */
async function lockTicket(tx: Db, ticketNumber: string): Promise<SupportTicket> {
  const [ticket] = await tx
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.ticketNumber, ticketNumber))
    .for('update');
  if (!ticket) throw new AppError('NOT_FOUND');
  return ticket;
}

/** Sets the status and records the change; nothing is recorded when the status stays the same. */
async function moveTo(
  tx: Db,
  ticket: SupportTicket,
  status: TicketStatus,
  actorId: string,
): Promise<boolean> {
  if (ticket.status === status) return false;
  await tx.update(supportTickets).set({ status }).where(eq(supportTickets.id, ticket.id));
  await tx.insert(supportTicketEvents).values({
    ticketId: ticket.id,
    actorId,
    fromStatus: ticket.status,
    toStatus: status,
  });
  return true;
}

/** Back-office actions on tickets; each is audited in its own transaction. */
export function createSupportAdmin({ db, config, outbox }: SupportAdminDeps) {
  return {
    /**
     * Stores the answer, marks the ticket answered and queues the answer's mail, in one transaction:
     * the admin gets the answer at once, whether or not the mail server is up. The reply's `sentAt`
     * is set when the job worker has handed the mail over (ticketReplyDelivery).
     */
    async reply(
      adminId: string,
      ticketNumber: string,
      message: string,
    ): Promise<AdminTicketDetail> {
      await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, ticketNumber);
        const [reply] = await tx
          .insert(supportTicketReplies)
          .values({ ticketId: ticket.id, authorId: adminId, message })
          .returning({ id: supportTicketReplies.id });
        if (!reply) throw new Error('reply not stored');
        await moveTo(tx, ticket, 'answered', adminId);
        await recordAudit(tx, {
          actorId: adminId,
          action: 'supportTicket.reply',
          entity: AUDIT_ENTITY,
          entityId: ticket.ticketNumber,
          before: { status: ticket.status },
          after: { status: 'answered', replyId: reply.id, message },
        });
        await outbox.enqueue(tx, {
          kind: 'ticketReply',
          reference: String(reply.id),
          to: ticket.email,
          ...ticketReplyMail(ticket.locale, {
            ticketNumber: ticket.ticketNumber,
            message,
            contactLink: `${config.publicUrl}${paths.contact}`,
          }),
        });
      });
      return ticketDetail(db, ticketNumber);
    },

    async changeStatus(
      adminId: string,
      ticketNumber: string,
      status: TicketStatus,
    ): Promise<AdminTicketDetail> {
      await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, ticketNumber);
        if (!(await moveTo(tx, ticket, status, adminId))) return;
        await recordAudit(tx, {
          actorId: adminId,
          action: 'supportTicket.status',
          entity: AUDIT_ENTITY,
          entityId: ticket.ticketNumber,
          before: { status: ticket.status },
          after: { status },
        });
      });
      return ticketDetail(db, ticketNumber);
    },
  };
}

export type SupportAdmin = ReturnType<typeof createSupportAdmin>;
