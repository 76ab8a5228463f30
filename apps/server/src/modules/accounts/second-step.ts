import { PASSKEY_MESSAGES, TWO_STEP_MESSAGES, type LoginRequest } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../lib/index.js';
import { recordAccountEvent } from './account-events.js';
import { relyingPartyOf, verifyPasskeyAssertion } from './passkey-assertion.js';
import { hasPasskey } from './passkeys.js';
import type { SecurityMailDeps } from './security-mails.js';
import type { SignInMethod } from './sign-in-methods.js';
import { attemptSecondStep, throwUnlessPassed, type TwoStepKeys } from './totp.js';

export interface SecondStepDeps extends SecurityMailDeps {
  readonly db: Db;
  readonly twoStepKeys: TwoStepKeys;
}

/**
 * The second step of a password sign-in, after the password was found right. An account with a
 * second factor must present one, as GitHub asks: a passkey's signature (of a `passkey-login/options`
 * challenge, from a passkey of this account) or a code from the authenticator app (or a recovery
 * code). Without either, the answer is a 400 naming what the account has: `code`, `passkey` or both,
 * so the sign-in page offers "enter a code" and "use your passkey". The answer is how the session
 * signed in.
 */
export async function passwordSignInSecondStep(
  deps: SecondStepDeps,
  userId: string,
  input: Pick<LoginRequest, 'code' | 'passkey'>,
  now: Date,
): Promise<SignInMethod> {
  const { db } = deps;
  const withPasskey = await hasPasskey(db, userId);
  if (input.passkey !== undefined) {
    const rp = relyingPartyOf(deps.config.publicUrl);
    const signed = withPasskey
      ? await verifyPasskeyAssertion(db, rp, input.passkey, now, userId)
      : null;
    if (!signed) {
      await recordAccountEvent(db, userId, 'signInFailed', now);
      throw new AppError('VALIDATION', { passkey: PASSKEY_MESSAGES.notVerified });
    }
    return 'pwd+passkey';
  }
  const outcome = await attemptSecondStep(
    { ...deps, keys: deps.twoStepKeys },
    userId,
    input.code,
    now,
  );
  if (outcome === 'accepted') return 'pwd+otp';
  if (outcome === 'off') {
    if (!withPasskey) return 'pwd';
    throw new AppError('VALIDATION', { passkey: TWO_STEP_MESSAGES.passkeyRequired });
  }
  if (withPasskey && (outcome === 'required' || outcome === 'locked')) {
    throw new AppError('VALIDATION', {
      code: outcome === 'required' ? TWO_STEP_MESSAGES.codeRequired : TWO_STEP_MESSAGES.locked,
      passkey: TWO_STEP_MESSAGES.passkeyRequired,
    });
  }
  throwUnlessPassed(outcome);
  throw new Error(`a second step of outcome ${outcome} was neither passed nor refused`);
}
