import type { FastifyBaseLogger } from 'fastify';
import { paths, type Locale, type SupportTicketRequest } from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import type { Mailer } from '../../infra/mail/index.js';
import type { BackgroundTasks } from '../accounts/index.js';
import { ticketConfirmationMail, ticketNotificationMail } from './mails.js';
import { supportTickets, type SupportTicket } from './schema.js';
import { newTicketNumber } from './ticket-numbers.js';

export interface SupportDeps {
  readonly db: Db;
  readonly config: Pick<AppConfig, 'publicUrl' | 'supportEmail'>;
  readonly mailer: Mailer;
  readonly tasks: BackgroundTasks;
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

/** Customer care (issue 7): tickets from the contact form. */
export function createSupportService(deps: SupportDeps) {
  const { db, config, mailer, tasks } = deps;

  async function insertTicket(
    input: SupportTicketRequest,
    sender: TicketSender,
  ): Promise<SupportTicket> {
    for (let attempt = 1; attempt <= TICKET_NUMBER_ATTEMPTS; attempt++) {
      const [ticket] = await db
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

  /** Mails go out after the answer: the stored ticket is what counts, a slow mail server holds nothing up. */
  function sendMails(ticket: SupportTicket): void {
    const contactLink = `${config.publicUrl}${paths.contact}`;
    tasks.run('support ticket confirmation mail', () =>
      mailer.send({
        to: ticket.email,
        ...ticketConfirmationMail(ticket.locale, {
          ticketNumber: ticket.ticketNumber,
          supportTicketType: ticket.supportTicketType,
          contactLink,
        }),
      }),
    );
    tasks.run('support ticket notification mail', () =>
      mailer.send({
        to: config.supportEmail,
        ...ticketNotificationMail({ ...ticket, receivedAt: ticket.createdAt }),
      }),
    );
  }

  return {
    /** Stores the ticket, mails the sender and the support team, and answers the ticket number. */
    async createTicket(
      input: SupportTicketRequest,
      sender: TicketSender,
    ): Promise<{ ticketNumber: string }> {
      const ticket = await insertTicket(input, sender);
      deps.log.info(
        { ticketNumber: ticket.ticketNumber, supportTicketType: ticket.supportTicketType },
        'support ticket created',
      );
      sendMails(ticket);
      return { ticketNumber: ticket.ticketNumber };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
