import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVACY_MESSAGES, type AccountDeletionPreview, type Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { AppError } from '../../lib/index.js';
import { users, verifyPassword } from '../accounts/index.js';
import { DELETED_WITH_ACCOUNT } from './deletion-policy.js';
import { ticketsOf, type Subject } from './export-sections.js';
import { scrubEverywhere } from './scrub.js';

export interface DeletionDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly log: FastifyBaseLogger;
}

/** The address a deleted account's row and records carry instead: unique, and no one's. */
export const deletedEmail = (userId: string): string => `deleted-${userId}@deleted.invalid`;

// Not an argon2 hash: verifying any password against it fails.
const NO_PASSWORD = '!account-deleted';

async function signedInUser(db: Db, userId: string) {
  const [user] = await db
    .select({
      email: users.email,
      passwordHash: users.passwordHash,
      role: users.role,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt !== null) throw new AppError('UNAUTHORIZED');
  return user;
}

/** What the warning shows: balances that deleting the account forfeits, and whether it may. */
export async function deletionPreview(db: Db, userId: string): Promise<AccountDeletionPreview> {
  const user = await signedInUser(db, userId);
  const result = await db.execute<{ currency: Currency; amount: number | string | bigint }>(
    sql`select currency, amount from balances where user_id = ${userId} and amount > 0 order by currency`,
  );
  return {
    balances: result.rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
    allowed: user.role !== 'admin',
  };
}

/**
 * Deletes the account (docs/decisions/customer-care.md, "Account deletion"): in one transaction,
 * every session ends, personal rows go (deletion-policy.ts), the records the law keeps (ledger,
 * orders, payments) stay under the pseudonymous user row with their personal fields blanked, and
 * the address is replaced wherever it is written. The user's files go once that has committed.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  userId: string,
  password: string,
): Promise<void> {
  const { db } = deps;
  const user = await signedInUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('VALIDATION', { password: PRIVACY_MESSAGES.wrongPassword });
  }
  // Someone must be able to run the shop: an administrator is made a customer first, elsewhere.
  // A 400 with its message, as every refusal the web shows (seed-spec section 8); not a 403, which
  // the web client answers by refreshing the session (section 4).
  if (user.role === 'admin') {
    throw AppError.general('VALIDATION', PRIVACY_MESSAGES.adminCannotDelete);
  }

  const subject: Subject = { userId, email: user.email };
  const placeholder = deletedEmail(userId);
  const files = await db.transaction(async (tx) => {
    const locked = await tx.execute<{ id: string }>(
      sql`select id from users where id = ${userId} and deleted_at is null for update`,
    );
    if (locked.rows.length === 0) throw new AppError('UNAUTHORIZED');
    // A job still painting would store the user's pictures after they were deleted.
    const unfinished = await tx.execute<{ id: string }>(
      sql`select id from generation_jobs where user_id = ${userId} and status in ('queued', 'running') limit 1`,
    );
    if (unfinished.rows.length > 0) {
      throw AppError.general('VALIDATION', PRIVACY_MESSAGES.generationUnfinished);
    }
    // Money on its way would settle for an account nobody can use. A payment created after this
    // (its insert waits for this row lock) is refunded when it succeeds (payments/settle.ts).
    const inFlight = await tx.execute<{ id: string }>(
      sql`select id from payments where user_id = ${userId} and status in ('pending', 'processing') limit 1`,
    );
    if (inFlight.rows.length > 0) {
      throw AppError.general('VALIDATION', PRIVACY_MESSAGES.paymentInFlight);
    }
    const keys = await tx.execute<{ key: string | null }>(sql`
      select p.storage_key as key from generated_pictures p join generation_jobs j on j.id = p.job_id where j.user_id = ${userId}
      union all
      select p.preview_key from generated_pictures p join generation_jobs j on j.id = p.job_id where j.user_id = ${userId}
      union all
      select storage_key from data_exports where user_id = ${userId}`);

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
    // Orders are accounting records: kept with their amounts and country (for VAT), not the person.
    await tx.execute(sql`
      update orders set first_name = '', last_name = '', city = '', address1 = '', state = null,
        zip_code = '', accept_language = '', time_zone = '', user_agent = ''
      where user_id = ${userId}`);
    // Receipts and credit notes are kept as the law asks, numbered as issued, with the buyer's
    // country (for VAT) and a pseudonym in place of the person; the deposit's billing details
    // likewise.
    await tx.execute(sql`
      update receipts set buyer = buyer || jsonb_build_object('name', '', 'email', ${placeholder}::text,
        'address1', '', 'city', '', 'zipCode', '', 'state', null)
      where user_id = ${userId}`);
    await tx.execute(sql`
      update credit_notes set buyer = buyer || jsonb_build_object('name', '', 'email', ${placeholder}::text,
        'address1', '', 'city', '', 'zipCode', '', 'state', null)
      where user_id = ${userId}`);
    await tx.execute(sql`
      update deposits set first_name = '', last_name = '', city = '', address1 = '', state = null,
        zip_code = ''
      where user_id = ${userId}`);
    // The back office's record of a reply keeps that it was answered, not what it said; the
    // support desk's notice of a ticket names the sender in its subject.
    await tx.execute(sql`
      update audit_log set before = before - 'message', after = after - 'message'
      where entity = 'supportTicket'
        and entity_id in (select t.ticket_number from support_tickets t where ${ticketsOf(subject)})`);
    await tx.execute(sql`
      update mail_outbox m set subject = '', body_sealed = null from support_tickets t
      where m.kind = 'ticketNotification' and ${ticketsOf(subject)}
        and strpos(m.subject, '[' || t.ticket_number || ']') = 1`);
    // Tickets stay as a count of what customer care handled; what was written in them goes.
    await tx.execute(sql`
      update support_ticket_replies r set message = '' from support_tickets t
      where r.ticket_id = t.id and ${ticketsOf(subject)}`);
    await tx.execute(sql`
      update support_tickets t set email = ${placeholder}, name = '', description = '', reference = null
      where ${ticketsOf(subject)}`);
    // A goodwill card mailed to the address: why it was given, and its message, may name the
    // person, on the card and in the back office's record of issuing it.
    await tx.execute(sql`
      update audit_log set after = after - 'reason' - 'message'
      where entity = 'giftCard'
        and entity_id in (select id::text from gift_cards where recipient_email = ${user.email})`);
    await tx.execute(sql`update gift_cards set reason = '' where recipient_email = ${user.email}`);
    // Mail not yet sent to the address is not sent; every mail's sealed body goes.
    await tx.execute(sql`
      update mail_outbox set body_sealed = null,
        last_error = case when status = 'queued' then 'account deleted' else last_error end,
        status = case when status = 'queued' then 'failed' else status end
      where recipient = ${user.email}`);
    await tx
      .update(users)
      .set({
        email: placeholder,
        passwordHash: NO_PASSWORD,
        firstName: null,
        lastName: null,
        country: null,
        city: null,
        address1: null,
        state: null,
        zipCode: null,
        deletedAt: new Date(),
      })
      .where(eq(users.id, userId));
    // Wherever else the address was written (a mail's recipient, a back-office record).
    await scrubEverywhere(tx, user.email, placeholder);
    return keys.rows.flatMap((row) => (row.key === null ? [] : [row.key]));
  });

  for (const key of files) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.log.error({ err }, 'a file of a deleted account could not be removed');
    }
  }
}
