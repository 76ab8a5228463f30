import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_VERIFICATION_LINK_PARAMS,
  EMAIL_VERIFICATION_MESSAGES,
  paths,
  type UndoEmailChangeRequest,
  type UndoEmailChangeResponse,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../lib/index.js';
import { recordAccountEvent } from './account-events.js';
import { emailChangedMail } from './email-change-undo-mails.js';
import { emailChangeUndos, type User } from './schema.js';
import { endUserSessions } from './sessions.js';
import type { VerificationMailDeps } from './verification-links.js';

const UNDO_LIFETIME_MS = EMAIL_CHANGE_UNDO_DAYS * 24 * 60 * 60 * 1000;
// Not an argon2 hash: no password signs in until the owner resets it through the old address.
const NO_PASSWORD = '!email-change-undone';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * In the transaction that made `newEmail` the user's address: stores a link for the old address
 * (256 random bits, kept as SHA-256; it replaces an earlier one) and queues the mail that carries it.
 */
export async function sendEmailChangeUndoLink(
  tx: Db,
  deps: Pick<VerificationMailDeps, 'config' | 'outbox'>,
  user: Pick<User, 'id' | 'locale'>,
  change: { oldEmail: string; newEmail: string },
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const fresh = {
    ...change,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + UNDO_LIFETIME_MS),
  };
  await tx
    .insert(emailChangeUndos)
    .values({ userId: user.id, ...fresh })
    .onConflictDoUpdate({ target: emailChangeUndos.userId, set: fresh });
  const query = new URLSearchParams({
    [EMAIL_VERIFICATION_LINK_PARAMS.user]: user.id,
    [EMAIL_VERIFICATION_LINK_PARAMS.token]: token,
  });
  await deps.outbox.enqueue(tx, {
    kind: 'emailChanged',
    to: change.oldEmail,
    ...emailChangedMail(user.locale, {
      newEmail: change.newEmail,
      undoLink: `${deps.config.publicUrl}${paths.undoEmailChange}?${query.toString()}`,
      days: EMAIL_CHANGE_UNDO_DAYS,
    }),
  });
}

/**
 * The old address's holder takes the account back, in one transaction: the old address returns
 * (verified: the link was mailed there), every session ends, the password stops working (whoever
 * changed the address knew it; the owner chooses a new one by resetting it through the old
 * address), pending links and reset codes go, and so do the factors added since the change. A used,
 * expired, replaced or altered link, or an address changed again since, is one general 400.
 */
export async function undoEmailChange(
  db: Db,
  input: UndoEmailChangeRequest,
  now: Date = new Date(),
): Promise<UndoEmailChangeResponse> {
  const invalid = () => AppError.general('VALIDATION', EMAIL_VERIFICATION_MESSAGES.invalidUndoLink);
  return db.transaction(async (tx) => {
    const undone = await tx.execute<{ old_email: string; created_at: string }>(sql`
      delete from email_change_undos c using users u
      where c.user_id = ${input.user} and c.token_hash = ${hashToken(input.token)}
        and c.expires_at > ${now} and u.id = c.user_id and u.email = c.new_email
        and u.deleted_at is null
      returning c.old_email, c.created_at::text as created_at`);
    const [change] = undone.rows;
    if (!change) throw invalid();
    const taken = await tx.execute(
      sql`select 1 from users where email = ${change.old_email} and id <> ${input.user}`,
    );
    if (taken.rows.length > 0) throw AppError.general('VALIDATION', ACCOUNT_MESSAGES.emailTaken);
    await tx.execute(sql`
      update users set email = ${change.old_email}, email_verified_at = ${now},
        password_hash = ${NO_PASSWORD}
      where id = ${input.user}`);
    await endUserSessions(tx, input.user, 'email-change-undone', now);
    await recordAccountEvent(tx, input.user, 'emailChanged', now);
    const since = change.created_at;
    await tx.execute(sql`delete from email_verifications where user_id = ${input.user}`);
    await tx.execute(sql`delete from password_reset_codes where user_id = ${input.user}`);
    await tx.execute(
      sql`delete from passkeys where user_id = ${input.user} and created_at >= ${since}::timestamptz`,
    );
    const totp = await tx.execute(sql`
      delete from totp_factors where user_id = ${input.user} and created_at >= ${since}::timestamptz
      returning user_id`);
    if (totp.rows.length > 0) {
      await tx.execute(sql`delete from totp_recovery_codes where user_id = ${input.user}`);
    }
    return { email: change.old_email };
  });
}
