import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_VERIFICATION_LIFETIME_HOURS,
  EMAIL_VERIFICATION_LINK_PARAMS,
  paths,
  type ProfileResponse,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import type { MailOutbox } from '../mail/index.js';
import { issueVerificationToken, pendingVerificationEmail } from './email-verification.js';
import { users, type User } from './schema.js';
import { verificationMail } from './verification-mails.js';

export interface VerificationMailDeps {
  readonly config: Pick<AppConfig, 'nodeEnv' | 'publicUrl'>;
  readonly outbox: MailOutbox;
  readonly log: FastifyBaseLogger;
}

/**
 * Stores a new link for `email` and queues its mail, in `tx`: the sign-up's or the change's
 * transaction, so a rolled-back event mails nothing.
 */
export async function sendVerificationLink(
  tx: Db,
  deps: VerificationMailDeps,
  user: Pick<User, 'id' | 'locale'>,
  email: string,
  purpose: 'signUp' | 'change',
): Promise<void> {
  const token = await issueVerificationToken(tx, user.id, email);
  const query = new URLSearchParams({
    [EMAIL_VERIFICATION_LINK_PARAMS.user]: user.id,
    [EMAIL_VERIFICATION_LINK_PARAMS.token]: token,
  });
  const link = `${deps.config.publicUrl}${paths.verifyEmail}?${query.toString()}`;
  // Never logged, as the reset link is not: the mail (a file in DATA_DIR/outbox without a mail
  // server) is the only place it goes.
  await deps.outbox.enqueue(tx, {
    kind: 'emailVerification',
    to: email,
    ...verificationMail(user.locale, { link, hours: EMAIL_VERIFICATION_LIFETIME_HOURS, purpose }),
  });
}

/** Whether the user may move money: their address is verified. A user gone since is not. */
export async function hasVerifiedEmail(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verifiedAt != null;
}

/** What the profile says about the address: verified, and a new one waiting for its link. */
export async function emailStatus(
  db: Db,
  user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>,
): Promise<Pick<ProfileResponse, 'emailVerified' | 'pendingEmail'>> {
  const pending = await pendingVerificationEmail(db, user.id);
  return {
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: pending !== null && pending !== user.email ? pending : null,
  };
}
