import { eq } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  paths,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { claimAddressByReset } from './address-proof.js';
import { passwordResetMail } from './mails.js';
import { verifyPassword } from './passwords.js';
import {
  consumeResetCode,
  deleteResetCode,
  generateResetCode,
  hashResetCode,
  RESET_CODE_LIFETIME_MS,
  saveResetCode,
} from './reset-codes.js';
import { users, type User } from './schema.js';
import {
  findUserByEmail,
  getSignedInUser,
  queuePasswordChangedMail,
  passwordStrengthIssue,
  type AccountsDeps,
  type AuthenticatedUser,
} from './service.js';
import { recordAccountEvent } from './account-events.js';
import { endUserSessions } from './sessions.js';

const invalidResetCode = () =>
  new AppError('VALIDATION', { code: ACCOUNT_MESSAGES.invalidResetCode });

/** Change, forget and reset a password. */
export function createPasswordService(deps: AccountsDeps) {
  const { db, config, outbox, passwords, resetCodeKey, tasks } = deps;

  /**
   * Sets the password, ends the user's other sessions (all of them when `keepSessionId` is unset)
   * and queues the "password changed" mail, in one transaction.
   */
  async function setPassword(
    user: User,
    password: string,
    reason: 'password-change' | 'password-reset',
    keepSessionId?: string,
  ): Promise<void> {
    const passwordHash = await passwords.hash(password);
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await endUserSessions(tx, user.id, reason, now, keepSessionId);
      if (reason === 'password-reset') await claimAddressByReset(tx, user.id, now);
      await deleteResetCode(tx, user.id);
      await queuePasswordChangedMail(tx, deps, user);
      const event = reason === 'password-reset' ? 'passwordReset' : 'passwordChanged';
      await recordAccountEvent(tx, user.id, event, now);
    });
  }

  /**
   * Stores a reset code for the account, if there is one, and queues its mail in the same
   * transaction. Runs after the answer has gone out.
   */
  async function sendResetCode(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const code = generateResetCode();

    const query = new URLSearchParams({ email: user.email, code });
    const link = `${config.publicUrl}${paths.resetPassword}?${query.toString()}`;
    // Never logged, in any NODE_ENV: a live code in a log takes over the account. Without a mail
    // server the mail is a file in DATA_DIR/outbox.
    const minutes = RESET_CODE_LIFETIME_MS / 60_000;
    await db.transaction(async (tx) => {
      await saveResetCode(tx, user.id, hashResetCode(resetCodeKey, code), new Date());
      await outbox.enqueue(tx, {
        kind: 'passwordReset',
        to: user.email,
        ...passwordResetMail(user.locale, { code, link, minutes }),
      });
    });
  }

  return {
    /** Keeps the session that asks; every other one ends. */
    async changePassword(user: AuthenticatedUser, input: ChangePasswordRequest): Promise<void> {
      const account = await getSignedInUser(db, user.id);
      if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
        throw new AppError('VALIDATION', {
          currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
        });
      }
      const weak = passwordStrengthIssue(
        input.password,
        account.email,
        account.firstName,
        account.lastName,
      );
      if (Object.keys(weak).length > 0) throw new AppError('VALIDATION', weak);

      await setPassword(account, input.password, 'password-change', user.sessionId);
    },

    /**
     * The same answer, at once, whether or not the email has an account: the lookup and the mail
     * happen in the background, so neither the body nor the time tells them apart.
     */
    forgotPassword(email: string): void {
      tasks.run('password reset mail', () => sendResetCode(email));
    },

    /** A wrong, used, expired or dead code all get the same message on `code`. */
    async resetPassword(input: ResetPasswordRequest): Promise<void> {
      const weak = passwordStrengthIssue(input.password, input.email);
      if (Object.keys(weak).length > 0) throw new AppError('VALIDATION', weak);

      const user = await findUserByEmail(db, input.email);
      const codeHash = hashResetCode(resetCodeKey, input.code);
      if (!user || !(await consumeResetCode(db, user.id, codeHash, new Date()))) {
        throw invalidResetCode();
      }

      await setPassword(user, input.password, 'password-reset');
    },
  };
}
