import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { DELETED_WITH_ACCOUNT } from './deletion-policy.js';
import { ticketsOf, type Subject } from './export-sections.js';

/** The address a deleted account's row and records carry instead: unique, and no one's. */
export const deletedEmail = (userId: string): string => `deleted-${userId}@deleted.invalid`;

// Not an argon2 hash: verifying any password against it fails.
const NO_PASSWORD = '!account-deleted';

/**
 * Erases one account's personal data inside the deletion's transaction (the user row is locked by
 * the caller). Every statement picks its rows by the account's id, or by its exact address where
 * the record has no id (a mail's recipient, a goodwill card's recipient, a contact-form ticket),
 * and only when the address was verified: an address the account never proved is not its data
 * (docs/decisions/accounts/erasure-touches-only-the-erased-account.md). No substring, no scan
 * of columns nobody listed: a value that merely contains the address is someone else's.
 *
 * Receipts and the billing address of orders are kept unaltered: the law keeps them
 * (retention.ts erases them once the retention period is over).
 */
export async function eraseAccountData(tx: Db, subject: Subject & { verified: boolean }) {
  const { userId, email } = subject;
  const placeholder = deletedEmail(userId);
  // Rows tied to the address only (no user id): the account's only if it proved the address.
  const byAddress = (condition: SQL): SQL => (subject.verified ? condition : sql`false`);

  await tx.execute(
    sql`delete from generated_pictures p using generation_jobs j where j.id = p.job_id and j.user_id = ${userId}`,
  );
  for (const { table, column } of DELETED_WITH_ACCOUNT) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    );
  }
  // Kept for the accounts of the money held and charged; what was asked for is the user's own.
  await tx.execute(
    sql`update generation_jobs set prompt = '', negative_prompt = null, error = null where user_id = ${userId}`,
  );
  // The browser details kept for paying an order again (3-D Secure) are no evidence of anything.
  await tx.execute(sql`
    update orders set accept_language = '', time_zone = '', user_agent = ''
    where user_id = ${userId}`);
  // The receipt issued for a deposit keeps its billing details; the deposit's copy goes.
  await tx.execute(sql`
    update deposits set first_name = '', last_name = '', city = '', address1 = '', state = null,
      zip_code = ''
    where user_id = ${userId}`);

  const tickets = byAddress(ticketsOf(subject));
  const ownTickets = subject.verified ? tickets : sql`t.user_id = ${userId}`;
  // The back office's record of a reply keeps that it was answered, not what it said; the
  // support desk's notice of a ticket names the sender in its subject.
  await tx.execute(sql`
    update audit_log set before = before - 'message', after = after - 'message'
    where entity = 'supportTicket'
      and entity_id in (select t.ticket_number from support_tickets t where ${ownTickets})`);
  await tx.execute(sql`
    update mail_outbox m set subject = '', body_sealed = null from support_tickets t
    where m.kind = 'ticketNotification' and ${ownTickets}
      and strpos(m.subject, '[' || t.ticket_number || ']') = 1`);
  // Tickets stay as a count of what customer care handled; what was written in them goes.
  await tx.execute(sql`
    update support_ticket_replies r set message = '' from support_tickets t
    where r.ticket_id = t.id and ${ownTickets}`);
  await tx.execute(sql`
    update support_tickets t set email = ${placeholder}, name = '', description = '', reference = null
    where ${ownTickets}`);

  // A goodwill card mailed to the address: why it was given, its message and the address, on the
  // card and in the back office's record of issuing it.
  await tx.execute(sql`
    update audit_log
    set after = (after - 'reason' - 'message') || jsonb_build_object('recipientEmail', ${placeholder}::text)
    where entity = 'giftCard'
      and entity_id in (select id::text from gift_cards where ${byAddress(sql`recipient_email = ${email}`)})`);
  await tx.execute(sql`
    update gift_cards set reason = '', recipient_email = ${placeholder}
    where ${byAddress(sql`recipient_email = ${email}`)}`);
  // Mail not yet sent to the address is not sent; every mail's sealed body and its address go.
  await tx.execute(sql`
    update mail_outbox set body_sealed = null, recipient = ${placeholder},
      last_error = case when status = 'queued' then 'account deleted' else last_error end,
      status = case when status = 'queued' then 'failed' else status end
    where ${byAddress(sql`recipient = ${email}`)}`);

  await tx.execute(sql`
    update users set email = ${placeholder}, password_hash = ${NO_PASSWORD}, first_name = null,
      last_name = null, country = null, city = null, address1 = null, state = null,
      zip_code = null, deleted_at = now()
    where id = ${userId}`);
}
