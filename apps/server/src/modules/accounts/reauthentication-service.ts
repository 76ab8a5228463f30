import { eq } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  PASSKEY_MESSAGES,
  TWO_STEP_MESSAGES,
  type ReauthenticateRequest,
  type ReauthenticateResponse,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../lib/index.js';
import { relyingPartyOf, verifyPasskeyAssertion } from './passkey-assertion.js';
import { verifyPassword } from './passwords.js';
import { refreshTokenFamilies } from './schema.js';
import type { SecurityMailDeps } from './security-mails.js';
import { getSignedInUser, type AuthenticatedUser } from './service.js';
import { REAUTHENTICATION_WINDOW_MS } from './sudo.js';
import { attemptSecondStep, throwUnlessPassed, type TwoStepKeys } from './totp.js';

export interface ReauthenticationDeps extends SecurityMailDeps {
  readonly db: Db;
  readonly twoStepKeys: TwoStepKeys;
}

/**
 * Re-authentication of the signed-in session before a sensitive change: the password, a code from
 * the authenticator app (counted and locked as at sign-in, a used code refused) or a passkey of this
 * account. A proof stamps the session (`reauthenticated_at`); it never changes how the session signed
 * in, so it does not open the back office to a password-only session.
 */
export function createReauthenticationService(deps: ReauthenticationDeps) {
  const { db } = deps;
  const rp = relyingPartyOf(deps.config.publicUrl);

  async function proofHolds(user: AuthenticatedUser, input: ReauthenticateRequest, now: Date) {
    if (input.password !== undefined) {
      const { passwordHash } = await getSignedInUser(db, user.id);
      if (!(await verifyPassword(passwordHash, input.password))) {
        throw new AppError('VALIDATION', { password: ACCOUNT_MESSAGES.currentPasswordWrong });
      }
      return;
    }
    if (input.code !== undefined) {
      const outcome = await attemptSecondStep(
        { ...deps, keys: deps.twoStepKeys },
        user.id,
        input.code,
        now,
      );
      if (outcome === 'off') throw new AppError('VALIDATION', { code: TWO_STEP_MESSAGES.notOn });
      throwUnlessPassed(outcome);
      return;
    }
    if (input.passkey === undefined) throw new Error('the request schema asks for one proof');
    if (!(await verifyPasskeyAssertion(db, rp, input.passkey, now, user.id))) {
      throw new AppError('VALIDATION', { passkey: PASSKEY_MESSAGES.notVerified });
    }
  }

  return {
    async reauthenticate(
      user: AuthenticatedUser,
      input: ReauthenticateRequest,
    ): Promise<ReauthenticateResponse> {
      const now = new Date();
      await proofHolds(user, input, now);
      await db
        .update(refreshTokenFamilies)
        .set({ reauthenticatedAt: now })
        .where(eq(refreshTokenFamilies.id, user.sessionId));
      return { until: new Date(now.getTime() + REAUTHENTICATION_WINDOW_MS).toISOString() };
    },
  };
}

export type ReauthenticationService = ReturnType<typeof createReauthenticationService>;
