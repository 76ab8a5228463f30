import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';

/** What a section's query is given: whose data, and the address it is (or was) held under. */
export interface Subject {
  readonly userId: string;
  readonly email: string;
}

/**
 * One kind of record the shop holds about a user, as a query over any module's tables. A table
 * added later that holds something about users gets a section here (and a rule in
 * deletion-policy.ts); the export test checks every section comes out.
 */
interface ExportSection {
  readonly name: string;
  readonly query: (subject: Subject) => SQL;
}

// What is never handed out, even to its owner: hashes and sealed secrets help nobody and would
// only make the file dangerous if it leaked.
const WITHHELD_COLUMNS = sql.raw(
  `array['password_hash', 'token_hash', 'code_hash', 'code_sealed', 'body_sealed']`,
);

const SECTIONS: readonly ExportSection[] = [
  {
    name: 'profile',
    query: ({ userId }) =>
      sql`select id, email, first_name, last_name, currency, locale, role, email_verified_at, created_at, updated_at from users where id = ${userId}`,
  },
  {
    name: 'billing',
    query: ({ userId }) =>
      sql`select country, city, address1, state, zip_code from users where id = ${userId}`,
  },
  {
    name: 'balances',
    query: ({ userId }) => sql`select * from balances where user_id = ${userId} order by currency`,
  },
  {
    name: 'debts',
    query: ({ userId }) => sql`select * from debts where user_id = ${userId} order by currency`,
  },
  {
    name: 'ledgerEntries',
    query: ({ userId }) => sql`select * from ledger_entries where user_id = ${userId} order by id`,
  },
  {
    name: 'orders',
    query: ({ userId }) => sql`select * from orders where user_id = ${userId} order by id`,
  },
  {
    name: 'orderItems',
    query: ({ userId }) =>
      sql`select i.* from order_items i join orders o on o.id = i.order_id where o.user_id = ${userId} order by i.order_id, i.position`,
  },
  {
    name: 'payments',
    query: ({ userId }) =>
      sql`select * from payments where user_id = ${userId} order by created_at`,
  },
  {
    // The billing details typed for each deposit, and the receipts issued for payments.
    name: 'deposits',
    query: ({ userId }) =>
      sql`select * from deposits where user_id = ${userId} order by created_at`,
  },
  {
    name: 'receipts',
    query: ({ userId }) => sql`select * from receipts where user_id = ${userId} order by number`,
  },
  {
    // That the step is on, not its secret or recovery codes.
    name: 'twoStepSignIn',
    query: ({ userId }) =>
      sql`select created_at, enabled_at, locked_until from totp_factors where user_id = ${userId}`,
  },
  {
    name: 'passkeys',
    query: ({ userId }) =>
      sql`select name, transports, created_at, last_used_at from passkeys where user_id = ${userId} order by created_at`,
  },
  {
    name: 'purchasedArtworks',
    query: ({ userId }) =>
      sql`select * from purchased_artworks where user_id = ${userId} order by id`,
  },
  {
    name: 'giftCardsBought',
    query: ({ userId }) => sql`select * from gift_cards where buyer_id = ${userId} order by id`,
  },
  {
    name: 'giftCardsRedeemed',
    query: ({ userId }) => sql`select * from gift_cards where redeemed_by = ${userId} order by id`,
  },
  {
    // Goodwill cards customer care mailed to the address.
    name: 'giftCardsSentToYou',
    query: ({ email }) =>
      sql`select * from gift_cards where recipient_email = ${email} order by id`,
  },
  {
    // Tickets sent while signed in, and those sent from the contact form with the same address.
    name: 'supportTickets',
    query: (subject) =>
      sql`select * from support_tickets t where ${ticketsOf(subject)} order by created_at`,
  },
  {
    // Customer care's answers: what was written, not which colleague wrote it.
    name: 'supportTicketMessages',
    query: (subject) =>
      sql`select r.ticket_id, r.message, r.created_at, r.sent_at from support_ticket_replies r join support_tickets t on t.id = r.ticket_id where ${ticketsOf(subject)} order by r.id`,
  },
  {
    name: 'sessions',
    query: ({ userId }) =>
      sql`select id, created_at, last_used_at, expires_at, revoked_at, revoked_reason, user_agent from refresh_token_families where user_id = ${userId} order by created_at`,
  },
  {
    // What the owner sees as recent activity: the device summary and network range, no more.
    name: 'accountEvents',
    query: ({ userId }) =>
      sql`select kind, at, browser, os, ip_range from account_events where user_id = ${userId} order by at`,
  },
  {
    name: 'generationJobs',
    query: ({ userId }) =>
      sql`select * from generation_jobs where user_id = ${userId} order by created_at`,
  },
  {
    name: 'generatedPictures',
    query: ({ userId }) =>
      sql`select p.job_id, p.n, p.content_type, p.width, p.height from generated_pictures p join generation_jobs j on j.id = p.job_id where j.user_id = ${userId} order by j.created_at, p.n`,
  },
  {
    name: 'mails',
    query: ({ email }) =>
      sql`select kind, subject, status, created_at, sent_at from mail_outbox where recipient = ${email} order by created_at`,
  },
  {
    name: 'dataExports',
    query: ({ userId }) =>
      sql`select id, status, requested_at, ready_at, expires_at from data_exports where user_id = ${userId} order by requested_at`,
  },
];

/** The support tickets that are the subject's (`t` is support_tickets). */
export const ticketsOf = ({ userId, email }: Subject): SQL =>
  sql`(t.user_id = ${userId} or lower(t.email) = ${email})`;

export const EXPORT_SECTION_NAMES = SECTIONS.map((section) => section.name);

export type ExportRecords = Record<string, unknown[]>;

/**
 * Every section's rows as PostgreSQL writes them in JSON (numbers as numbers, timestamps in ISO
 * 8601): the same on PGlite and PostgreSQL, whatever each driver makes of a bigint.
 */
export async function readExportSections(
  db: Db,
  subject: Subject,
  onSection: (done: number, total: number) => Promise<void>,
): Promise<ExportRecords> {
  const records: ExportRecords = {};
  for (const [index, section] of SECTIONS.entries()) {
    const result = await db.execute<{ rows: unknown[] }>(
      sql`select coalesce(jsonb_agg(to_jsonb(s) - ${WITHHELD_COLUMNS}), '[]'::jsonb) as rows from (${section.query(subject)}) s`,
    );
    records[section.name] = result.rows[0]?.rows ?? [];
    await onSection(index + 1, SECTIONS.length);
  }
  return records;
}
