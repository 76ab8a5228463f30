import type { FastifyBaseLogger } from 'fastify';
import { paths, type Locale, type SupportTicketRequest } from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import type { MailOutbox } from '../mail/index.js';
import { ticketConfirmationMail, ticketNotificationMail } from './mails.js';
import { supportTickets, type SupportTicket } from './schema.js';
import { newTicketNumber } from './ticket-numbers.js';

export interface SupportDeps {
  readonly db: Db;
  readonly config: Pick<AppConfig, 'publicUrl' | 'supportEmail'>;
  readonly outbox: MailOutbox;
  readonly log: FastifyBaseLogger;
}

export interface TicketSender {
  /** The signed-in sender's account, or null. */
  readonly userId: string | null;
  /** The language of the site when the ticket was sent. */
  readonly locale: Locale;
}

// With about 40 random bits a repeat is already rare; three in a row means something else is wrong.
const TICKET_NUMBER_ATTEMPTS = 3;

/** Customer care: tickets from the contact form. */
export function createSupportService(deps: SupportDeps) {
  const { db, config, outbox } = deps;

  async function insertTicket(
    tx: Db,
    input: SupportTicketRequest,
    sender: TicketSender,
  ): Promise<SupportTicket> {
    for (let attempt = 1; attempt <= TICKET_NUMBER_ATTEMPTS; attempt++) {
      const [ticket] = await tx
        .insert(supportTickets)
        .values({
          ticketNumber: newTicketNumber(),
          userId: sender.userId,
          email: input.email,
          name: input.name,
          supportTicketType: input.supportTicketType,
          description: input.description,
          reference: input.reference || null,
          locale: sender.locale,
        })
        .onConflictDoNothing({ target: supportTickets.ticketNumber })
        .returning();
      if (ticket) return ticket;
    }
    throw new Error(`no free ticket number after ${TICKET_NUMBER_ATTEMPTS} attempts`);
  }

  /** The sender's confirmation and the support team's copy, queued with the ticket. */
  async function queueMails(tx: Db, ticket: SupportTicket): Promise<void> {
    await outbox.enqueue(tx, {
      kind: 'ticketConfirmation',
      to: ticket.email,
      ...ticketConfirmationMail(ticket.locale, {
        ticketNumber: ticket.ticketNumber,
        supportTicketType: ticket.supportTicketType,
        contactLink: `${config.publicUrl}${paths.contact}`,
      }),
    });
    await outbox.enqueue(tx, {
      kind: 'ticketNotification',
      to: config.supportEmail,
      ...ticketNotificationMail({ ...ticket, receivedAt: ticket.createdAt }),
    });
  }

  return {
    /** Stores the ticket, mails the sender and the support team, and answers the ticket number. */
    async createTicket(
      input: SupportTicketRequest,
      sender: TicketSender,
    ): Promise<{ ticketNumber: string }> {
      // The mails go out from the job worker: a slow mail server holds nothing up.
      const ticket = await db.transaction(async (tx) => {
        const inserted = await insertTicket(tx, input, sender);
        await queueMails(tx, inserted);
        return inserted;
      });
      deps.log.info(
        { ticketNumber: ticket.ticketNumber, supportTicketType: ticket.supportTicketType },
        'support ticket created',
      );
      return { ticketNumber: ticket.ticketNumber };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
