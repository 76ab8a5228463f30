// The back office opens only for an admin whose session signed in with two factors. Written as the
// attacks: a password-only session kept from before the factor was added, and a stolen password of
// an admin whose second factor is a passkey.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  adminApiPaths,
  apiPaths,
  PASSKEY_MESSAGES,
  TokenResponseSchema,
  TWO_STEP_MESSAGES,
  TwoStepStatusSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  addPasskey,
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  enrollTwoStep,
  loginOptions,
  loginWithCode,
  PASSKEY_ORIGIN,
  passkeyLogin,
  randomIp,
  sendReauthentication,
  sessionIdOf,
  signUp,
  totpCode,
  type TestUser,
} from '../../test/index.js';
import { promoteToAdmin } from '../accounts/index.js';

const audit = (app: App, accessToken: string) =>
  app.inject({ method: 'GET', url: adminApiPaths.audit, headers: bearer(accessToken) });

const twoStepStatus = async (app: App, accessToken: string) =>
  TwoStepStatusSchema.parse(
    (
      await app.inject({
        method: 'GET',
        url: apiPaths.accountsTwoStep,
        headers: bearer(accessToken),
      })
    ).json(),
  );

const refresh = async (app: App, refreshToken: string) =>
  TokenResponseSchema.parse(
    (
      await app.inject({
        method: 'POST',
        url: apiPaths.accountsRefresh,
        payload: { refreshToken },
      })
    ).json(),
  );

const loginWithPasskey = (app: App, user: Pick<TestUser, 'email' | 'password'>, passkey: unknown) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsLogin,
    remoteAddress: randomIp(),
    payload: { email: user.email, password: user.password, passkey },
  });

const SIGN_IN_AGAIN = { errors: { '': TWO_STEP_MESSAGES.signInWithSecondFactor } };

describeEachEngine('the back office and second factors', (ctx) => {
  const newAdmin = async (app: App) => {
    const admin = await signUp(app);
    expect(await promoteToAdmin(ctx.database.db, admin.email)).toBe(true);
    return admin;
  };
  const signInMethodOf = async (accessToken: string) =>
    (
      await ctx.database.db.execute<{ method: string }>(
        sql`select sign_in_method as method from refresh_token_families
            where id = ${sessionIdOf(accessToken)}`,
      )
    ).rows[0]?.method;

  it('a password session from before two-step sign-in was turned on stays out, refreshed or not', async () => {
    const app = await ctx.buildApp();
    const admin = await newAdmin(app);
    // The attacker's session: the admin's password, phished before the admin set up the step.
    const stolen = TokenResponseSchema.parse((await loginWithCode(app, admin)).json());
    expect((await audit(app, admin.accessToken)).json()).toEqual({
      errors: { '': TWO_STEP_MESSAGES.secondFactorRequired },
    });

    // The admin turns the step on from the sign-up session.
    const { secret, confirmedStep, recoveryCodes } = await enrollTwoStep(app, admin);

    for (const token of [stolen.accessToken, admin.accessToken]) {
      const refused = await audit(app, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(SIGN_IN_AGAIN);
    }
    // Refreshing carries the password-only sign-in forward: it never becomes two factors.
    const refreshed = await refresh(app, stolen.refreshToken);
    expect((await audit(app, refreshed.accessToken)).statusCode).toBe(403);
    expect(await signInMethodOf(refreshed.accessToken)).toBe('pwd');
    // Nor does re-authenticating with a (recovery) code: it opens sensitive changes, not the back
    // office.
    const step = await sendReauthentication(
      app,
      { accessToken: refreshed.accessToken, password: admin.password },
      { code: recoveryCodes[0] ?? '' },
    );
    expect(step.statusCode).toBe(200);
    expect((await audit(app, refreshed.accessToken)).statusCode).toBe(403);
    expect(await twoStepStatus(app, admin.accessToken)).toMatchObject({
      secondFactor: true,
      sessionMultiFactor: false,
    });

    // The password alone signs in no more; with a code the session is two factors, refreshed too.
    expect((await loginWithCode(app, admin)).json()).toEqual({
      errors: { code: TWO_STEP_MESSAGES.codeRequired },
    });
    const login = await loginWithCode(app, admin, await totpCode(secret, confirmedStep + 1));
    const tokens = TokenResponseSchema.parse(login.json());
    expect((await audit(app, tokens.accessToken)).statusCode).toBe(200);
    expect(await signInMethodOf(tokens.accessToken)).toBe('pwd+otp');
    const next = await refresh(app, tokens.refreshToken);
    expect((await audit(app, next.accessToken)).statusCode).toBe(200);
    expect(await twoStepStatus(app, next.accessToken)).toMatchObject({ sessionMultiFactor: true });
  });

  it('an admin whose second factor is a passkey is asked for it after the password', async () => {
    const app = await ctx.buildApp();
    const admin = await newAdmin(app);
    const authenticator = createSoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await addPasskey(app, admin, authenticator);
    // The sign-up session signed in with the password alone, before the passkey.
    expect((await audit(app, admin.accessToken)).json()).toEqual(SIGN_IN_AGAIN);

    // The phished password alone gets no tokens: the sign-in asks for the passkey.
    const passwordOnly = await loginWithCode(app, admin);
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json()).toEqual({
      errors: { passkey: TWO_STEP_MESSAGES.passkeyRequired },
    });
    // A code does not stand in for the passkey of an account without two-step sign-in.
    expect((await loginWithCode(app, admin, '123456')).json()).toEqual(passwordOnly.json());
    // Nor does the attacker's own passkey, registered to the attacker's account.
    const attacker = await signUp(app);
    const attackerKey = createSoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await addPasskey(app, attacker, attackerKey);
    const foreign = await loginWithPasskey(app, admin, attackerKey.signIn(await loginOptions(app)));
    expect(foreign.json()).toEqual({ errors: { passkey: PASSKEY_MESSAGES.notVerified } });

    // The admin's own passkey as the second step: two factors, the back office opens.
    const login = await loginWithPasskey(app, admin, authenticator.signIn(await loginOptions(app)));
    expect(login.statusCode, login.body).toBe(200);
    const tokens = TokenResponseSchema.parse(login.json());
    expect(await signInMethodOf(tokens.accessToken)).toBe('pwd+passkey');
    expect((await audit(app, tokens.accessToken)).statusCode).toBe(200);

    // The passkey alone (user-verifying) is two factors too.
    const alone = await passkeyLogin(app, authenticator.signIn(await loginOptions(app)));
    const passkeyTokens = TokenResponseSchema.parse(alone.json());
    expect(await signInMethodOf(passkeyTokens.accessToken)).toBe('passkey');
    expect((await audit(app, passkeyTokens.accessToken)).statusCode).toBe(200);
  });

  it('an account with both factors is offered both at password sign-in', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await addPasskey(app, user, createSoftAuthenticator({ origin: PASSKEY_ORIGIN }));
    await enrollTwoStep(app, user);
    expect((await loginWithCode(app, user)).json()).toEqual({
      errors: {
        code: TWO_STEP_MESSAGES.codeRequired,
        passkey: TWO_STEP_MESSAGES.passkeyRequired,
      },
    });
    // A wrong password says nothing about the factors, whatever comes with it.
    const wrong = await loginWithCode(app, { ...user, password: 'not-it' });
    expect(Object.keys(wrong.json<{ errors: object }>().errors)).toEqual(['']);
  });
});
