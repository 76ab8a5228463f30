import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { generateURI } from 'otplib';
import QRCode from 'qrcode';
import {
  ACCOUNT_MESSAGES,
  TWO_STEP_MESSAGES,
  type TwoStepDisableRequest,
  type TwoStepRecoveryCodes,
  type TwoStepSetupResponse,
  type TwoStepStatus,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../lib/index.js';
import { recordAccountEvent } from './account-events.js';
import { verifyPassword } from './passwords.js';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.js';
import { totpFactors, totpRecoveryCodes } from './schema.js';
import { hasSecondFactor } from './second-factor.js';
import { isMultiFactor } from './sign-in-methods.js';
import { queueSecurityChangedMail } from './security-mails.js';
import { getSignedInUser, type AuthenticatedUser } from './service.js';
import {
  attemptSecondStep,
  matchingStep,
  newSealedSecret,
  throwUnlessPassed,
  type TwoStepDeps,
} from './totp.js';

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Pictura';

const general = (message: string) => AppError.general('VALIDATION', message);

/** Turning two-step sign-in on and off from the account settings; the owner is told by mail. */
export function createTwoStepService(deps: TwoStepDeps) {
  const { db, keys } = deps;

  /** Replaces the user's recovery codes with these, stored as keyed hashes. */
  async function replaceRecoveryCodes(tx: Db, userId: string, codes: readonly string[]) {
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await tx.insert(totpRecoveryCodes).values(
      codes.map((code) => ({
        userId,
        codeHash: hashRecoveryCode(keys.recoveryCode, userId, code),
      })),
    );
  }

  return {
    async status(user: AuthenticatedUser): Promise<TwoStepStatus> {
      const [factor] = await db
        .select({ enabledAt: totpFactors.enabledAt })
        .from(totpFactors)
        .where(eq(totpFactors.userId, user.id));
      const [left] = await db
        .select({ n: count() })
        .from(totpRecoveryCodes)
        .where(and(eq(totpRecoveryCodes.userId, user.id), isNull(totpRecoveryCodes.usedAt)));
      const enabled = Boolean(factor?.enabledAt);
      return {
        enabled,
        recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
        secondFactor: await hasSecondFactor(db, user.id),
        sessionMultiFactor: isMultiFactor(user.session.signInMethod),
      };
    },

    /**
     * A new secret for the authenticator app. It waits, unused, until a code from the app confirms
     * it; starting again replaces it. Refused while the step is on.
     */
    async setup(user: AuthenticatedUser): Promise<TwoStepSetupResponse> {
      const { email } = await getSignedInUser(db, user.id);
      const { secret, sealedSecret } = newSealedSecret(keys, user.id);
      const pending = {
        sealedSecret,
        createdAt: new Date(),
        enabledAt: null,
        lastUsedStep: null,
        failedAttempts: 0,
        lockedUntil: null,
      };
      const saved = await db
        .insert(totpFactors)
        .values({ userId: user.id, ...pending })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: pending,
          setWhere: isNull(totpFactors.enabledAt),
        })
        .returning({ userId: totpFactors.userId });
      if (saved.length === 0) throw general(TWO_STEP_MESSAGES.alreadyOn);
      const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
      const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2 });
      return { secret, otpauthUri, qrCodeSvg };
    },

    /**
     * A right code from the app turns the step on and makes the recovery codes, shown this once;
     * the code's time step counts as used.
     */
    async confirm(user: AuthenticatedUser, code: string): Promise<TwoStepRecoveryCodes> {
      const now = new Date();
      const recoveryCodes = generateRecoveryCodes();
      const outcome = await db.transaction(async (tx) => {
        const [factor] = await tx
          .select()
          .from(totpFactors)
          .where(eq(totpFactors.userId, user.id))
          .for('update');
        if (!factor) return 'not-started';
        if (factor.enabledAt) return 'already-on';
        const step = await matchingStep(keys, factor, code, now);
        if (step === null) return 'wrong';
        await tx
          .update(totpFactors)
          .set({ enabledAt: now, lastUsedStep: step })
          .where(eq(totpFactors.userId, user.id));
        await replaceRecoveryCodes(tx, user.id, recoveryCodes);
        await queueSecurityChangedMail(tx, deps, user.id, { kind: 'twoStepOn' });
        await recordAccountEvent(tx, user.id, 'twoStepOn', now);
        return 'on';
      });
      if (outcome === 'not-started') throw general(TWO_STEP_MESSAGES.notStarted);
      if (outcome === 'already-on') throw general(TWO_STEP_MESSAGES.alreadyOn);
      if (outcome === 'wrong') {
        throw new AppError('VALIDATION', { code: TWO_STEP_MESSAGES.codeWrong });
      }
      return { recoveryCodes };
    },

    /** Ten new recovery codes, shown this once, in place of the old ones; mailed to the owner. */
    async renewRecoveryCodes(user: AuthenticatedUser): Promise<TwoStepRecoveryCodes> {
      const recoveryCodes = generateRecoveryCodes();
      const renewed = await db.transaction(async (tx) => {
        const [factor] = await tx
          .select({ userId: totpFactors.userId })
          .from(totpFactors)
          .where(and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.enabledAt)))
          .for('update');
        if (!factor) return false;
        await replaceRecoveryCodes(tx, user.id, recoveryCodes);
        await queueSecurityChangedMail(tx, deps, user.id, { kind: 'recoveryCodesRenewed' });
        await recordAccountEvent(tx, user.id, 'recoveryCodesRenewed');
        return true;
      });
      if (!renewed) throw general(TWO_STEP_MESSAGES.notOn);
      return { recoveryCodes };
    },

    /** The password and a code (or a recovery code) turn the step off; its codes go with it. */
    async disable(user: AuthenticatedUser, input: TwoStepDisableRequest): Promise<void> {
      const { passwordHash } = await getSignedInUser(db, user.id);
      if (!(await verifyPassword(passwordHash, input.password))) {
        throw new AppError('VALIDATION', { password: ACCOUNT_MESSAGES.currentPasswordWrong });
      }
      const outcome = await attemptSecondStep(deps, user.id, input.code, new Date());
      if (outcome === 'off') throw general(TWO_STEP_MESSAGES.notOn);
      throwUnlessPassed(outcome);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(totpFactors)
          .where(and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.enabledAt)))
          .returning({ userId: totpFactors.userId });
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
        // A second request that lost the race turned nothing off, and says nothing.
        if (removed.length > 0) {
          await queueSecurityChangedMail(tx, deps, user.id, { kind: 'twoStepOff' });
          await recordAccountEvent(tx, user.id, 'twoStepOff');
        }
      });
    },
  };
}

export type TwoStepService = ReturnType<typeof createTwoStepService>;
