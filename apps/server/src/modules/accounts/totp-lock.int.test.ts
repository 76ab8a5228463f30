import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { TWO_STEP_LOCK_MINUTES, TWO_STEP_MAX_FAILURES, TWO_STEP_MESSAGES } from '@pictura/contract';
import { deriveKey } from '../../infra/secret.js';
import {
  describeEachEngine,
  enrollTwoStep,
  loginWithCode,
  signUp,
  testConfig,
  timeStep,
  totpCode,
  wrongCode,
} from '../../test/index.js';
import { totpFactors, users } from './schema.js';
import { attemptSecondStep } from './totp.js';

const LOCK_MS = TWO_STEP_LOCK_MINUTES * 60 * 1000;

describeEachEngine('two-step sign-in lock', (ctx) => {
  it('locks after five wrong codes for 15 minutes, in every process, the right code included', async () => {
    const app = await ctx.buildApp();
    // A second app on the same database stands for another API process.
    const other = await ctx.buildApp();
    const user = await signUp(app);
    const { secret, recoveryCodes, confirmedStep } = await enrollTwoStep(app, user);
    const wrong = await wrongCode(secret);

    const answers = [];
    for (let i = 0; i < TWO_STEP_MAX_FAILURES; i++) {
      answers.push((await loginWithCode(i % 2 ? other : app, user, wrong)).json());
    }
    const before = Date.now();
    expect(answers).toEqual([
      ...Array.from({ length: TWO_STEP_MAX_FAILURES - 1 }, () => ({
        errors: { code: TWO_STEP_MESSAGES.codeWrong },
      })),
      { errors: { code: TWO_STEP_MESSAGES.locked } },
    ]);

    const right = await totpCode(secret, confirmedStep + 1);
    for (const process of [app, other]) {
      const locked = await loginWithCode(process, user, right);
      expect(locked.statusCode).toBe(400);
      expect(locked.json()).toEqual({ errors: { code: TWO_STEP_MESSAGES.locked } });
    }
    const byRecovery = await loginWithCode(other, user, recoveryCodes[0]);
    expect(byRecovery.json()).toEqual({ errors: { code: TWO_STEP_MESSAGES.locked } });

    const [row] = await ctx.database.db
      .select({ lockedUntil: totpFactors.lockedUntil })
      .from(totpFactors)
      .innerJoin(users, eq(users.id, totpFactors.userId))
      .where(eq(users.email, user.email));
    const lockedUntil = row?.lockedUntil?.getTime() ?? 0;
    expect(lockedUntil).toBeGreaterThan(before + LOCK_MS - 60_000);
    expect(lockedUntil).toBeLessThanOrEqual(Date.now() + LOCK_MS);
  });

  it('opens again when the 15 minutes are over, and a right code clears the count', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const { secret } = await enrollTwoStep(app, user);
    const [account] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const userId = account!.id;
    const { jwtSecret } = testConfig();
    const deps = {
      db: ctx.database.db,
      keys: {
        secret: deriveKey(jwtSecret ?? '', 'totp-secret'),
        recoveryCode: deriveKey(jwtSecret ?? '', 'recovery-code'),
      },
    };
    const start = new Date();
    const wrong = await wrongCode(secret);
    for (let i = 0; i < TWO_STEP_MAX_FAILURES; i++) {
      await attemptSecondStep(deps, userId, wrong, start);
    }

    const almost = new Date(start.getTime() + LOCK_MS - 1000);
    const over = new Date(start.getTime() + LOCK_MS);
    const codeAt = (at: Date) => totpCode(secret, timeStep(at));
    expect(await attemptSecondStep(deps, userId, await codeAt(almost), almost)).toBe('locked');
    expect(await attemptSecondStep(deps, userId, await codeAt(over), over)).toBe('accepted');

    // The count started again from zero: four wrong codes do not lock.
    const later = new Date(over.getTime() + 60_000);
    for (let i = 0; i < TWO_STEP_MAX_FAILURES - 1; i++) {
      expect(await attemptSecondStep(deps, userId, '000000', later)).not.toBe('locked');
    }
    const next = new Date(later.getTime() + 30_000);
    expect(await attemptSecondStep(deps, userId, await codeAt(next), next)).toBe('accepted');
  });
});
