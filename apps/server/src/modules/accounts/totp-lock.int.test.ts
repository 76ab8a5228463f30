import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { TWO_STEP_LOCK_MINUTES, TWO_STEP_MAX_FAILURES, TWO_STEP_MESSAGES } from '@pictura/contract';
import { deriveKey } from '../../infra/secret.js';
import { loadServerKeys } from '../keys/index.js';
import type { MailOutbox, OutboxMail } from '../mail/index.js';
import {
  describeEachEngine,
  enrollTwoStep,
  loginWithCode,
  signUp,
  testConfig,
  timeStep,
  totpCode,
  useSmtpCapture,
  wrongCode,
  type TestUser,
} from '../../test/index.js';
import type { EngineContext } from '../../test/index.js';
import { totpFactors, users } from './schema.js';
import { attemptSecondStep } from './totp.js';

const MINUTE = 60 * 1000;
const LOCK_MS = TWO_STEP_LOCK_MINUTES[0] * MINUTE;

/**
 * What `attemptSecondStep` needs, outside the app, so that a test can choose the time: the app's
 * keys, and an outbox that keeps the mails it is given (the HTTP test reads the real one).
 */
async function directDeps(ctx: EngineContext, user: TestUser) {
  const [account] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, user.email));
  const config = testConfig();
  // The app's own keys: the data key, as any process on this database unwraps it.
  const { data } = await loadServerKeys(ctx.database.db, config.jwtSecret ?? '', []);
  const mails: OutboxMail[] = [];
  const outbox: MailOutbox = { enqueue: async (_tx, mail) => void mails.push(mail) };
  const deps = {
    db: ctx.database.db,
    config,
    outbox,
    keys: {
      secret: deriveKey(data, 'totp-secret'),
      recoveryCode: deriveKey(data, 'recovery-code'),
    },
  };
  return { deps, userId: account!.id, mails };
}

describeEachEngine('two-step sign-in lock', (ctx) => {
  const smtp = useSmtpCapture();

  it('locks after five wrong codes for 15 minutes, in every process, the right code included, and mails the owner', async () => {
    const app = await ctx.buildApp({ env: { SMTP_URL: smtp.url } });
    // A second app on the same database stands for another API process.
    const other = await ctx.buildApp({ env: { SMTP_URL: smtp.url } });
    const user = await signUp(app, { smtp });
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

    const mail = await smtp.nextMailTo(user.email, 10_000, (m) =>
      (m.subject ?? '').includes('trying to sign in'),
    );
    expect(mail.subject).toBe('Someone is trying to sign in to your Pictura account');
    expect(mail.text).toContain('wrong codes from the authenticator app 5 times');
    expect(mail.text).toContain(`${testConfig().publicUrl}/forgot-password`);
  });

  it('grows the lock with every five wrong codes since the last right one: 15 min, 1 h, then 24 h, each mailed', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const { secret } = await enrollTwoStep(app, user);
    const { deps, userId, mails } = await directDeps(ctx, user);

    let now = new Date();
    const locks: number[] = [];
    for (let round = 0; round < 5; round++) {
      const outcomes = [];
      for (let i = 0; i < TWO_STEP_MAX_FAILURES; i++) {
        outcomes.push(await attemptSecondStep(deps, userId, '000000', now));
      }
      expect(outcomes).toEqual([
        ...Array<string>(TWO_STEP_MAX_FAILURES - 1).fill('wrong'),
        'locked',
      ]);
      const [row] = await ctx.database.db
        .select({ lockedUntil: totpFactors.lockedUntil })
        .from(totpFactors)
        .where(eq(totpFactors.userId, userId));
      const lockedUntil = row!.lockedUntil!;
      locks.push((lockedUntil.getTime() - now.getTime()) / MINUTE);
      // One second before the end the right code is still refused; at the end guessing resumes.
      const almost = new Date(lockedUntil.getTime() - 1000);
      expect(
        await attemptSecondStep(deps, userId, await totpCode(secret, timeStep(almost)), almost),
      ).toBe('locked');
      now = lockedUntil;
    }

    expect(locks).toEqual([15, 60, 24 * 60, 24 * 60, 24 * 60]);
    expect(mails.map((mail) => [mail.kind, mail.to])).toEqual(
      Array.from({ length: 5 }, () => ['securityChanged', user.email]),
    );
    expect(mails[0]?.text).toContain('Two-step sign-in is locked until');
  }, 120_000);

  it('opens again when a lock is over, a right code clears the count, and the next lock is 15 minutes again', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const { secret } = await enrollTwoStep(app, user);
    const { deps, userId } = await directDeps(ctx, user);
    const start = new Date();
    for (let i = 0; i < TWO_STEP_MAX_FAILURES; i++) {
      await attemptSecondStep(deps, userId, '000000', start);
    }

    const almost = new Date(start.getTime() + LOCK_MS - 1000);
    const over = new Date(start.getTime() + LOCK_MS);
    const codeAt = (at: Date) => totpCode(secret, timeStep(at));
    expect(await attemptSecondStep(deps, userId, await codeAt(almost), almost)).toBe('locked');
    expect(await attemptSecondStep(deps, userId, await codeAt(over), over)).toBe('accepted');

    // The count started again from zero: four wrong codes do not lock, the fifth locks for 15 min.
    const later = new Date(over.getTime() + 60_000);
    for (let i = 0; i < TWO_STEP_MAX_FAILURES - 1; i++) {
      expect(await attemptSecondStep(deps, userId, '000000', later)).toBe('wrong');
    }
    expect(await attemptSecondStep(deps, userId, '000000', later)).toBe('locked');
    const [row] = await ctx.database.db
      .select({ lockedUntil: totpFactors.lockedUntil })
      .from(totpFactors)
      .where(eq(totpFactors.userId, userId));
    expect(row?.lockedUntil?.getTime()).toBe(later.getTime() + LOCK_MS);
  });
});
