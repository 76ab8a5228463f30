import { eq } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  EMAIL_VERIFICATION_MESSAGES,
  paths,
  type ChangeEmailRequest,
  type ProfileResponse,
  type VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { recordAccountEvent } from './account-events.js';
import { sendEmailChangeUndoLink } from './email-change-undo.js';
import { consumeVerificationToken, pendingVerificationEmail } from './email-verification.js';
import { verifyPassword } from './passwords.js';
import { deleteResetCode } from './reset-codes.js';
import { users } from './schema.js';
import {
  findUserByEmail,
  getSignedInUser,
  type AccountsDeps,
  type AuthenticatedUser,
} from './service.js';
import { sendVerificationLink } from './verification-links.js';
import { emailChangeRequestedMail } from './verification-mails.js';

const invalidLink = () => AppError.general('VALIDATION', EMAIL_VERIFICATION_MESSAGES.invalidLink);

/** A unique violation wherever the driver wrapped it: another account took the address meanwhile. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Verifying a link, mailing a new one, and changing the address. */
export function createEmailVerificationService(
  deps: Pick<AccountsDeps, 'db' | 'config' | 'outbox' | 'log'>,
  profileOf: (user: AuthenticatedUser) => Promise<ProfileResponse>,
) {
  const { db, config } = deps;

  return {
    /**
     * The link's address becomes the user's, verified. Only the token of the user named in the link,
     * unused and unexpired, does it; anything else is the same general 400. When that changes the
     * address, the old one is mailed a link that undoes it (email-change-undo.ts).
     */
    async verify(input: VerifyEmailRequest): Promise<VerifyEmailResponse> {
      const now = new Date();
      try {
        return await db.transaction(async (tx) => {
          const used = await consumeVerificationToken(tx, input.user, input.token, now);
          if (!used) throw invalidLink();
          const [before] = await tx
            .select({ email: users.email, locale: users.locale })
            .from(users)
            .where(eq(users.id, input.user))
            .for('update');
          if (!before) throw invalidLink();
          await tx
            .update(users)
            .set({ email: used.email, emailVerifiedAt: now })
            .where(eq(users.id, input.user));
          if (used.email !== before.email) {
            // A reset code mailed to the old address must not reset the account under the new one.
            await deleteResetCode(tx, input.user);
            const change = { oldEmail: before.email, newEmail: used.email };
            await sendEmailChangeUndoLink(tx, deps, { id: input.user, ...before }, change, now);
            await recordAccountEvent(tx, input.user, 'emailChanged', now);
          }
          return { email: used.email };
        });
      } catch (error) {
        // Another account registered the new address after the change was asked for.
        if (isUniqueViolation(error)) {
          throw AppError.general('VALIDATION', ACCOUNT_MESSAGES.emailTaken);
        }
        throw error;
      }
    },

    /**
     * A new link for the address waiting to be verified (the new one of a change, else the user's own
     * while unverified); nothing when there is none. The earlier link stops working.
     */
    async resend(user: AuthenticatedUser): Promise<void> {
      const account = await getSignedInUser(db, user.id);
      const pending = await pendingVerificationEmail(db, account.id);
      const email = pending ?? (account.emailVerifiedAt === null ? account.email : null);
      if (email === null) return;
      const purpose = email === account.email ? 'signUp' : 'change';
      await db.transaction((tx) => sendVerificationLink(tx, deps, account, email, purpose));
    },

    /**
     * Mails a link to the new address, which takes over only once it is opened, and tells the old
     * address; the old one keeps working (sign-in, mails) until then.
     */
    async changeEmail(
      user: AuthenticatedUser,
      input: ChangeEmailRequest,
    ): Promise<ProfileResponse> {
      const current = await getSignedInUser(db, user.id);
      if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
        throw new AppError('VALIDATION', {
          currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
        });
      }
      if (input.email === current.email) {
        throw new AppError('VALIDATION', { email: EMAIL_VERIFICATION_MESSAGES.sameEmail });
      }
      if (await findUserByEmail(db, input.email)) {
        throw new AppError('VALIDATION', { email: ACCOUNT_MESSAGES.emailTaken });
      }

      const resetLink = `${config.publicUrl}${paths.forgotPassword}`;
      await db.transaction(async (tx) => {
        await sendVerificationLink(tx, deps, current, input.email, 'change');
        await deps.outbox.enqueue(tx, {
          kind: 'emailChangeRequested',
          to: current.email,
          ...emailChangeRequestedMail(current.locale, { newEmail: input.email, resetLink }),
        });
      });
      return profileOf(user);
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
