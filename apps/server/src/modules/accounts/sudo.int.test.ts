// Re-authentication before sensitive changes ("sudo mode"), written as the attack: someone holding a
// signed-in session (a borrowed laptop, a stolen token) but not the password, a code or the passkey.
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  apiPaths,
  PASSKEY_MESSAGES,
  apiPathTo,
  REAUTHENTICATION_MESSAGES,
  ReauthenticateResponseSchema,
  TokenResponseSchema,
  TWO_STEP_MESSAGES,
  TwoStepRecoveryCodesSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  addPasskey,
  ageReauthentication,
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  enrollTwoStep,
  loginOptions,
  loginWithCode,
  PASSKEY_ORIGIN,
  randomIp,
  reauthenticate,
  sendReauthentication,
  signUp,
  totpCode,
  type TestUser,
} from '../../test/index.js';
import { mailOutbox } from '../mail/index.js';
import { passkeys, totpFactors } from './schema.js';
import { findUserByEmail } from './service.js';

const REAUTHENTICATE = { errors: { reauthenticate: REAUTHENTICATION_MESSAGES.required } };

const call = (app: App, user: TestUser, method: 'POST' | 'DELETE', url: string) =>
  app.inject({ method, url, headers: bearer(user.accessToken), remoteAddress: randomIp() });

interface SensitiveAction {
  readonly name: string;
  /** Makes the action possible (a passkey to remove, another session to end); a fresh user. */
  readonly prepare: (app: App, user: TestUser) => Promise<string>;
  readonly send: (app: App, user: TestUser, target: string) => ReturnType<typeof call>;
}

const secondSession = async (app: App, user: TestUser) => {
  TokenResponseSchema.parse((await loginWithCode(app, user)).json());
  const sessions = await app.inject({
    method: 'GET',
    url: apiPaths.accountsSessions,
    headers: bearer(user.accessToken),
  });
  const found = sessions.json<{ id: string; current: boolean }[]>().find((s) => !s.current);
  if (!found) throw new Error('no second session');
  return found.id;
};

const ACTIONS: readonly SensitiveAction[] = [
  {
    name: 'turning two-step sign-in on',
    prepare: async () => '',
    send: (app, user) => call(app, user, 'POST', apiPathTo.accountsTwoStepSetup()),
  },
  {
    name: 'new recovery codes',
    prepare: async (app, user) => {
      await enrollTwoStep(app, user);
      // Turning it on re-authenticated: let that proof grow old.
      await ageReauthentication(app, user.accessToken, 11);
      return '';
    },
    send: (app, user) => call(app, user, 'POST', apiPathTo.accountsTwoStepRecoveryCodes()),
  },
  {
    name: 'removing a passkey',
    prepare: async (app, user) =>
      (await addPasskey(app, user, createSoftAuthenticator({ origin: PASSKEY_ORIGIN }))).id,
    send: (app, user, id) => call(app, user, 'DELETE', apiPathTo.accountsPasskey(id)),
  },
  {
    name: 'ending another session',
    prepare: secondSession,
    send: (app, user, id) => call(app, user, 'POST', apiPathTo.accountsEndSession(id)),
  },
  {
    name: 'ending every other session',
    prepare: secondSession,
    send: (app, user) => call(app, user, 'POST', apiPathTo.accountsEndOtherSessions()),
  },
  {
    name: 'asking for a data export',
    prepare: async () => '',
    send: (app, user) => call(app, user, 'POST', apiPaths.privacyExports),
  },
];

describeEachEngine('re-authentication before sensitive changes', (ctx) => {
  for (const action of ACTIONS) {
    it(`${action.name}: refused without a fresh proof, allowed within 10 minutes, refused after`, async () => {
      const app = await ctx.buildApp();
      const user = await signUp(app);
      const target = await action.prepare(app, user);

      const refused = await action.send(app, user, target);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(REAUTHENTICATE);

      const proof = await sendReauthentication(app, user);
      expect(proof.statusCode).toBe(200);
      const { until } = ReauthenticateResponseSchema.parse(proof.json());
      expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
      await ageReauthentication(app, user.accessToken, 10.5);
      expect((await action.send(app, user, target)).json()).toEqual(REAUTHENTICATE);

      await reauthenticate(app, user);
      await ageReauthentication(app, user.accessToken, 9);
      const allowed = await action.send(app, user, target);
      expect([200, 202]).toContain(allowed.statusCode);
    });
  }

  it('a borrowed session cannot put its own authenticator app on the account', async () => {
    const app = await ctx.buildApp();
    const owner = await signUp(app);
    const setup = await call(app, owner, 'POST', apiPathTo.accountsTwoStepSetup());
    expect(setup.json()).toEqual(REAUTHENTICATE);
    const userId = (await findUserByEmail(ctx.database.db, owner.email))?.id ?? '';
    expect(
      await ctx.database.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)),
    ).toEqual([]);
    // The owner still signs in with the password alone.
    expect((await loginWithCode(app, owner)).statusCode).toBe(200);
  });

  it('accepts the password, a code or a passkey of this account, and nothing else', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const authenticator = createSoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await addPasskey(app, user, authenticator);
    const { secret, confirmedStep } = await enrollTwoStep(app, user);
    const stranger = await signUp(app);
    const strangerKey = createSoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await addPasskey(app, stranger, strangerKey);

    const refusedWith = async (proof: object) =>
      (await sendReauthentication(app, user, proof as never)).json();
    expect(await refusedWith({ password: 'not-the-password' })).toEqual({
      errors: { password: ACCOUNT_MESSAGES.currentPasswordWrong },
    });
    expect(await refusedWith({})).toEqual({
      errors: { password: REAUTHENTICATION_MESSAGES.oneProof },
    });
    expect(await refusedWith({ password: user.password, code: '123456' })).toEqual({
      errors: { password: REAUTHENTICATION_MESSAGES.oneProof },
    });
    expect(await refusedWith({ code: await totpCode(secret, confirmedStep) })).toEqual({
      errors: { code: TWO_STEP_MESSAGES.codeUsed },
    });
    expect(await refusedWith({ passkey: strangerKey.signIn(await loginOptions(app)) })).toEqual({
      errors: { passkey: PASSKEY_MESSAGES.notVerified },
    });

    const withCode = await sendReauthentication(app, user, {
      code: await totpCode(secret, confirmedStep + 1),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    const withPasskey = await sendReauthentication(app, user, {
      passkey: authenticator.signIn(await loginOptions(app)),
    });
    expect(withPasskey.statusCode, withPasskey.body).toBe(200);
  });

  it('new recovery codes replace the old ones and are mailed, in one transaction', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const { recoveryCodes: old } = await enrollTwoStep(app, user);
    const renewed = await call(app, user, 'POST', apiPathTo.accountsTwoStepRecoveryCodes());
    const { recoveryCodes } = TwoStepRecoveryCodesSchema.parse(renewed.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(old[0]);
    expect((await loginWithCode(app, user, old[0])).json()).toEqual({
      errors: { code: TWO_STEP_MESSAGES.codeWrong },
    });
    expect((await loginWithCode(app, user, recoveryCodes[0])).statusCode).toBe(200);
    const mails = await ctx.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'securityChanged')));
    expect(mails.map((mail) => mail.subject)).toContain(
      'New recovery codes for your Pictura account',
    );
  });

  it('a passkey stays when its removal is refused', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const key = await addPasskey(app, user, createSoftAuthenticator({ origin: PASSKEY_ORIGIN }));
    expect((await call(app, user, 'DELETE', apiPathTo.accountsPasskey(key.id))).json()).toEqual(
      REAUTHENTICATE,
    );
    expect(
      await ctx.database.db
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(eq(passkeys.id, key.id)),
    ).toEqual([{ id: key.id }]);
  });
});
