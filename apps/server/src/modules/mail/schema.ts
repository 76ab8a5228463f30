import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../../infra/db/checks.js';

/** What a queued mail reports; each kind has one sender in one module. */
export const MAIL_KINDS = [
  'passwordReset',
  'passwordChanged',
  'giftCard',
  'goodwillGiftCard',
  'ticketConfirmation',
  'ticketNotification',
  'ticketReply',
  // A dispute or a refund made at the provider took a credit or downloads back.
  'paymentReversal',
  // To the shop: a dispute or refund in another currency than its payment's waits for a person.
  'otherCurrencyReversal',
  // A paid order or a credited deposit, with its receipt (a PDF) attached.
  'orderPaid',
  'depositCredited',
  // A refund or a reversal corrected a receipt: the credit note (a PDF) attached.
  'creditNote',
  // The link to a finished data export.
  'dataExportReady',
  // The link that verifies an address, and the notices to the old address when it is changed.
  'emailVerification',
  'emailChangeRequested',
  // The old address's link to undo a change that took effect.
  'emailChanged',
  // Two-step sign-in turned on or off, a passkey added or removed.
  'securityChanged',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** queued until the transport takes it; sent; failed when refused for good or after a day of tries. */
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The mail outbox: a row is written in the transaction of the event it reports, and the job worker
 * sends it (its pg-boss job shares the row's id). The body (text and HTML, where codes and links
 * are) is sealed with AES-256-GCM under a key derived for `mail-outbox`, bound to the row's id, and
 * set to null once the mail is sent or given up; recipient, subject and the delivery record stay.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    // What the kind's delivery hook updates once sent, e.g. a ticket reply's id.
    reference: text('reference'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodySealed: text('body_sealed'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    // The transport's last refusal (an SMTP answer or a network error), never the mail's content.
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    check('mail_outbox_kind_check', oneOf('kind', MAIL_KINDS)),
    check('mail_outbox_status_check', oneOf('status', MAIL_STATUSES)),
    index('mail_outbox_status_created_idx').on(table.status, table.createdAt),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
