import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  apiPathTo,
  apiPaths,
  RECOVERY_CODE_COUNT,
  TWO_STEP_MESSAGES,
  TwoStepSetupResponseSchema,
  TwoStepStatusSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  enrollTwoStep,
  loginWithCode,
  randomIp,
  reauthenticate,
  signUp,
  totpCode,
  wrongCode,
  type TestUser,
} from '../../test/index.js';
import { totpFactors, users } from './schema.js';
import { findUserByEmail } from './service.js';

const codeError = (message: string) => ({ errors: { code: message } });

const status = async (app: App, user: TestUser) =>
  TwoStepStatusSchema.parse(
    (
      await app.inject({
        method: 'GET',
        url: apiPaths.accountsTwoStep,
        headers: bearer(user.accessToken),
      })
    ).json(),
  );

const post = (app: App, user: TestUser, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: bearer(user.accessToken),
    remoteAddress: randomIp(),
    payload,
  });

describeEachEngine('two-step sign-in', (ctx) => {
  it('is set up with a sealed secret, QR code and a confirming code, then shows ten recovery codes', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    expect(await status(app, user)).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      secondFactor: false,
      sessionMultiFactor: false,
    });

    await reauthenticate(app, user);
    const setup = TwoStepSetupResponseSchema.parse(
      (await post(app, user, apiPathTo.accountsTwoStepSetup())).json(),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUri).toContain('issuer=Pictura');
    expect(setup.qrCodeSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    const [row] = await ctx.database.db
      .select({ sealedSecret: totpFactors.sealedSecret })
      .from(totpFactors)
      .innerJoin(users, eq(users.id, totpFactors.userId))
      .where(eq(users.email, user.email));
    expect(row?.sealedSecret).toBeDefined();
    expect(row?.sealedSecret).not.toContain(setup.secret);
    // Not on until a code confirms it: logging in still needs no code.
    expect((await loginWithCode(app, user)).statusCode).toBe(200);

    const wrong = await post(app, user, apiPathTo.accountsTwoStepConfirm(), {
      code: await wrongCode(setup.secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeWrong));
    expect((await status(app, user)).enabled).toBe(false);

    const confirmed = await post(app, user, apiPathTo.accountsTwoStepConfirm(), {
      code: await totpCode(setup.secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    recoveryCodes.forEach((code) =>
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/),
    );
    // This session signed in with the password alone: it stays so (see second-factor-gate).
    expect(await status(app, user)).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      secondFactor: true,
      sessionMultiFactor: false,
    });
    // Setting up again while it is on is refused: the secret in the app stays the one that works.
    const again = await post(app, user, apiPathTo.accountsTwoStepSetup());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { '': TWO_STEP_MESSAGES.alreadyOn } });
  });

  it('asks for the code after the right password and issues tokens only with it', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const { secret, confirmedStep } = await enrollTwoStep(app, user);

    const withoutCode = await loginWithCode(app, user);
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeRequired));
    // A wrong password says nothing about the second step.
    const wrongPassword = await loginWithCode(
      app,
      { email: user.email, password: `${user.password}x` },
      await totpCode(secret, confirmedStep + 1),
    );
    expect(wrongPassword.json()).toEqual({ errors: { '': ACCOUNT_MESSAGES.invalidCredentials } });
    const wrong = await loginWithCode(app, user, await wrongCode(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeWrong));

    const right = await loginWithCode(app, user, await totpCode(secret, confirmedStep + 1));
    expect(right.statusCode).toBe(200);
    expect(Object.keys(right.json<object>()).sort()).toEqual(['accessToken', 'refreshToken']);
  });

  it('refuses a code a second time in its window, and an older one', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const { secret, confirmedStep } = await enrollTwoStep(app, user);
    const next = await totpCode(secret, confirmedStep + 1);

    expect((await loginWithCode(app, user, next)).statusCode).toBe(200);
    const replayed = await loginWithCode(app, user, next);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeUsed));
    // The confirming code's step is older than the last one used: refused too.
    const older = await loginWithCode(app, user, await totpCode(secret, confirmedStep));
    expect(older.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeUsed));
  });

  it('takes each recovery code once in place of a code', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const { recoveryCodes } = await enrollTwoStep(app, user);
    const [first, second] = recoveryCodes;

    // Typed in lower case without the dash, as people do.
    const typed = first!.toLowerCase().replace('-', ' ');
    expect((await loginWithCode(app, user, typed)).statusCode).toBe(200);
    const reused = await loginWithCode(app, user, first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeWrong));
    expect((await loginWithCode(app, user, second)).statusCode).toBe(200);
    expect((await status(app, user)).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
  });

  it("refuses another user's one-time and recovery codes", async () => {
    const app = await ctx.buildApp();
    const victim = await signUp(app);
    const attacker = await signUp(app);
    const victimFactor = await enrollTwoStep(app, victim);
    const attackerFactor = await enrollTwoStep(app, attacker);
    const attackerCode = await totpCode(attackerFactor.secret, attackerFactor.confirmedStep + 1);

    for (const code of [attackerCode, attackerFactor.recoveryCodes[0]]) {
      const borrowed = await loginWithCode(app, victim, code);
      expect(borrowed.statusCode).toBe(400);
      expect(borrowed.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeWrong));
    }
    const own = await totpCode(victimFactor.secret, victimFactor.confirmedStep + 1);
    expect((await loginWithCode(app, victim, own)).statusCode).toBe(200);
  });

  it("binds recovery-code hashes to their user: another user's stored hash does not open an account", async () => {
    const app = await ctx.buildApp();
    const db = ctx.database.db;
    const victim = await signUp(app);
    const attacker = await signUp(app);
    await enrollTwoStep(app, victim);
    const attackerFactor = await enrollTwoStep(app, attacker);
    const [victimUser, attackerUser] = await Promise.all(
      [victim, attacker].map((user) => findUserByEmail(db, user.email)),
    );
    // Someone who can write the table copies the hashes of codes they know onto the victim.
    await db.execute(sql`
      insert into totp_recovery_codes (user_id, code_hash)
      select ${victimUser?.id}, code_hash from totp_recovery_codes where user_id = ${attackerUser?.id}`);

    const copied = await loginWithCode(app, victim, attackerFactor.recoveryCodes[0]);
    expect(copied.statusCode).toBe(400);
    expect(copied.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeWrong));
    // The same code still opens the account it was made for.
    expect((await loginWithCode(app, attacker, attackerFactor.recoveryCodes[0])).statusCode).toBe(
      200,
    );
  });

  it('is turned off with the password and a code, after which the password alone signs in', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const { secret, confirmedStep } = await enrollTwoStep(app, user);
    const code = await totpCode(secret, confirmedStep + 1);

    const wrongPassword = await post(app, user, apiPathTo.accountsTwoStepDisable(), {
      password: 'not-the-password',
      code,
    });
    expect(wrongPassword.json()).toEqual({
      errors: { password: ACCOUNT_MESSAGES.currentPasswordWrong },
    });
    const noCode = await post(app, user, apiPathTo.accountsTwoStepDisable(), {
      password: user.password,
      code: await wrongCode(secret),
    });
    expect(noCode.json()).toEqual(codeError(TWO_STEP_MESSAGES.codeWrong));
    expect((await status(app, user)).enabled).toBe(true);

    const off = await post(app, user, apiPathTo.accountsTwoStepDisable(), {
      password: user.password,
      code,
    });
    expect(off.statusCode).toBe(200);
    expect(await status(app, user)).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      secondFactor: false,
      sessionMultiFactor: false,
    });
    expect((await loginWithCode(app, user)).statusCode).toBe(200);
    const again = await post(app, user, apiPathTo.accountsTwoStepDisable(), {
      password: user.password,
      code,
    });
    expect(again.json()).toEqual({ errors: { '': TWO_STEP_MESSAGES.notOn } });
  });

  it('answers 401 to a visitor on every two-step call', async () => {
    const app = await ctx.buildApp();
    for (const url of [
      apiPathTo.accountsTwoStepSetup(),
      apiPathTo.accountsTwoStepConfirm(),
      apiPathTo.accountsTwoStepRecoveryCodes(),
      apiPathTo.accountsTwoStepDisable(),
    ]) {
      expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: apiPaths.accountsTwoStep })).statusCode).toBe(
      401,
    );
  });
});
