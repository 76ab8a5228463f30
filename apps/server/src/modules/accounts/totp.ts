import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { generateSecret, verify } from 'otplib';
import {
  TWO_STEP_CODE_DIGITS,
  TWO_STEP_LOCK_MINUTES,
  TWO_STEP_MAX_FAILURES,
  TWO_STEP_MESSAGES,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { seal, unseal } from '../../infra/seal.js';
import { AppError } from '../../lib/index.js';
import { recoveryCodeHashes } from './recovery-codes.js';
import { recordAccountEvent } from './account-events.js';
import { queueSecurityChangedMail, type SecurityMailDeps } from './security-mails.js';
import { totpFactors, totpRecoveryCodes } from './schema.js';

/** The keys of two-step sign-in, each derived from the server secret for this use only. */
export interface TwoStepKeys {
  /** Seals the TOTP secrets. */
  readonly secret: Uint8Array;
  /** Keys the recovery-code hashes. */
  readonly recoveryCode: Uint8Array;
}

export interface TwoStepDeps extends SecurityMailDeps {
  readonly db: Db;
  readonly keys: TwoStepKeys;
}

/** A code of the step before or after the current one is accepted too: clocks drift, people type. */
const TOLERANCE_SECONDS = 30;

/** How long the `nth` lock since the last right code lasts (1-based): it grows, then stays. */
export function lockDurationMs(nth: number): number {
  const minutes =
    TWO_STEP_LOCK_MINUTES[Math.min(nth, TWO_STEP_LOCK_MINUTES.length) - 1] ??
    TWO_STEP_LOCK_MINUTES[0];
  return minutes * 60 * 1000;
}
const CODE_PATTERN = new RegExp(`^\\d{${TWO_STEP_CODE_DIGITS}}$`);

type Factor = typeof totpFactors.$inferSelect;

const sealedFor = (userId: string) => `totp:${userId}`;

export function newSealedSecret(keys: TwoStepKeys, userId: string) {
  const secret = generateSecret();
  return { secret, sealedSecret: seal(keys.secret, sealedFor(userId), secret) };
}

/** The time step a code from the app matches (within the tolerance), or null. */
export async function matchingStep(
  keys: TwoStepKeys,
  factor: Pick<Factor, 'userId' | 'sealedSecret'>,
  typed: string,
  now: Date,
): Promise<number | null> {
  const token = typed.replace(/\s/g, '');
  if (!CODE_PATTERN.test(token)) return null;
  const secret = unseal(keys.secret, sealedFor(factor.userId), factor.sealedSecret);
  if (secret === null) throw new Error('a TOTP secret does not open under the current key');
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  // The union covers HOTP results too, which carry no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export type SecondStepOutcome = 'off' | 'accepted' | 'required' | 'wrong' | 'used' | 'locked';

/**
 * One attempt at the second step of a sign-in (or of turning the step off): a code from the app
 * newer than the last one accepted, or an unused recovery code. Wrong codes count until a right one
 * clears them; every fifth locks the step, for longer each time (15 minutes, 1 hour, then 24 hours
 * each), and the owner is mailed that someone who knows the password is guessing. A code already
 * used does not count (it is no guess). The factor's row is locked meanwhile, so two attempts at
 * once cannot both use one code or both slip past the count. The outcome is returned, not thrown,
 * so that the count (and the mail) is committed.
 */
export async function attemptSecondStep(
  deps: TwoStepDeps,
  userId: string,
  code: string | undefined,
  now: Date,
): Promise<SecondStepOutcome> {
  const { db, keys } = deps;
  return db.transaction(async (tx) => {
    const [factor] = await tx
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
      .for('update');
    if (!factor) return 'off';
    if (factor.lockedUntil && factor.lockedUntil > now) return 'locked';
    if (code === undefined) return 'required';
    const passed = { failedAttempts: 0, lockedUntil: null };
    const where = eq(totpFactors.userId, userId);

    const step = await matchingStep(keys, factor, code, now);
    if (step !== null) {
      if (factor.lastUsedStep !== null && step <= factor.lastUsedStep) return 'used';
      await tx
        .update(totpFactors)
        .set({ ...passed, lastUsedStep: step })
        .where(where);
      return 'accepted';
    }
    const recovered = await tx
      .update(totpRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(totpRecoveryCodes.userId, userId),
          inArray(totpRecoveryCodes.codeHash, recoveryCodeHashes(keys.recoveryCode, userId, code)),
          isNull(totpRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: totpRecoveryCodes.id });
    if (recovered.length > 0) {
      await tx.update(totpFactors).set(passed).where(where);
      return 'accepted';
    }

    const failures = factor.failedAttempts + 1;
    const lock = failures % TWO_STEP_MAX_FAILURES === 0;
    const lockedUntil = lock
      ? new Date(now.getTime() + lockDurationMs(failures / TWO_STEP_MAX_FAILURES))
      : null;
    await tx.update(totpFactors).set({ failedAttempts: failures, lockedUntil }).where(where);
    await recordAccountEvent(tx, userId, 'codeFailed', now);
    if (lockedUntil) {
      await queueSecurityChangedMail(tx, deps, userId, { kind: 'twoStepLocked', lockedUntil });
    }
    return lock ? 'locked' : 'wrong';
  });
}

const codeError = (message: string) => new AppError('VALIDATION', { code: message });

/** Turns a refused attempt into its answer, on the request's `code` field; nothing otherwise. */
export function throwUnlessPassed(outcome: SecondStepOutcome): void {
  switch (outcome) {
    case 'off':
    case 'accepted':
      return;
    case 'required':
      throw codeError(TWO_STEP_MESSAGES.codeRequired);
    case 'wrong':
      throw codeError(TWO_STEP_MESSAGES.codeWrong);
    case 'used':
      throw codeError(TWO_STEP_MESSAGES.codeUsed);
    case 'locked':
      throw codeError(TWO_STEP_MESSAGES.locked);
  }
}
