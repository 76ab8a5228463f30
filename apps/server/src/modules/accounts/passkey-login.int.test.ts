import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiPaths, PASSKEY_MESSAGES, TokenResponseSchema } from '@pictura/contract';
import type { App } from '../../app.js';
import {
  addPasskey,
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  listPasskeys,
  loginOptions,
  PASSKEY_NOT_VERIFIED as NOT_VERIFIED,
  PASSKEY_ORIGIN as ORIGIN,
  passkeyLogin,
  registrationOptions,
  sendRegistration,
  signUp,
} from '../../test/index.js';
import { hasPasskey } from './index.js';
import { recordPasskeyUse } from './passkeys.js';
import { passkeys, webauthnChallenges } from './schema.js';
import { findUserByEmail } from './service.js';

const profileEmail = async (app: App, accessToken: string) =>
  (
    await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(accessToken),
    })
  ).json<{ email: string }>().email;

describeEachEngine('signing in with a passkey', (ctx) => {
  it('sign in instead of a password: the tokens of a new session of the owner', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await signUp(app);
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    const userId = (await findUserByEmail(ctx.database.db, user.email))?.id ?? '';
    expect(await hasPasskey(ctx.database.db, userId)).toBe(false);
    await addPasskey(app, user, authenticator);
    expect(await hasPasskey(ctx.database.db, userId)).toBe(true);

    const options = await loginOptions(app);
    // Discoverable: no credential is named, so the page does not tell which accounts exist.
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const response = await passkeyLogin(app, authenticator.signIn(options));

    expect(response.statusCode, response.body).toBe(200);
    const tokens = TokenResponseSchema.parse(response.json());
    expect(await profileEmail(app, tokens.accessToken)).toBe(user.email);
    const refreshed = await app.inject({
      method: 'POST',
      url: apiPaths.accountsRefresh,
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const sessions = await app.inject({
      method: 'GET',
      url: apiPaths.accountsSessions,
      headers: bearer(tokens.accessToken),
    });
    expect(sessions.json<unknown[]>()).toHaveLength(2);
    const [used] = await listPasskeys(app, user);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('a passkey registered to one user cannot sign in as another', async () => {
    const app = await ctx.buildApp();
    const alice = await signUp(app);
    const bob = await signUp(app);
    const alicesDevice = createSoftAuthenticator({ origin: ORIGIN });
    const bobsDevice = createSoftAuthenticator({ origin: ORIGIN });
    await addPasskey(app, alice, alicesDevice);
    await addPasskey(app, bob, bobsDevice);
    const [alicesKey] = alicesDevice.credentials;
    const [bobsKey] = bobsDevice.credentials;
    if (!alicesKey || !bobsKey) throw new Error('both devices hold a passkey');

    // Alice's passkey, claiming Bob's user handle.
    const claimingBob = alicesDevice.signIn(await loginOptions(app), {
      ...alicesKey,
      userHandle: bobsKey.userHandle,
    });
    // Bob's credential id and user handle, signed with Alice's key.
    const posingAsBob = alicesDevice.signIn(await loginOptions(app), {
      ...alicesKey,
      id: bobsKey.id,
      userHandle: bobsKey.userHandle,
    });
    for (const credential of [claimingBob, posingAsBob]) {
      const response = await passkeyLogin(app, credential);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NOT_VERIFIED);
    }

    // Bob cannot take Alice's credential over by registering its id to his account.
    const bobsOptions = await registrationOptions(app, bob);
    const takeover = await sendRegistration(app, bob, {
      name: 'Not mine',
      credential: bobsDevice.register(bobsOptions, { credentialId: alicesKey.id }),
    });
    expect(takeover.statusCode).toBe(400);
    expect(takeover.json()).toEqual({ errors: { '': PASSKEY_MESSAGES.alreadyRegistered } });
    // Nor by naming her credential id beside his own authenticator data.
    const mislabelled = bobsDevice.register(await registrationOptions(app, bob));
    const relabelled = await sendRegistration(app, bob, {
      name: 'Not mine either',
      credential: { ...mislabelled, id: alicesKey.id, rawId: alicesKey.id },
    });
    expect(relabelled.json()).toEqual(NOT_VERIFIED);
    expect(await listPasskeys(app, bob)).toHaveLength(1);

    // Alice's passkey still signs in as Alice, and only as her.
    const alicesLogin = await passkeyLogin(app, alicesDevice.signIn(await loginOptions(app)));
    expect(alicesLogin.statusCode).toBe(200);
    const tokens = TokenResponseSchema.parse(alicesLogin.json());
    expect(await profileEmail(app, tokens.accessToken)).toBe(alice.email);
  });

  it('refuses a replayed, expired, foreign or cross-ceremony challenge', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    await addPasskey(app, user, authenticator);

    const answer = authenticator.signIn(await loginOptions(app));
    expect((await passkeyLogin(app, answer)).statusCode).toBe(200);
    const replayed = await passkeyLogin(app, answer);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(NOT_VERIFIED);

    // A challenge the server never gave, and one it gave but that has expired.
    const invented = authenticator.signIn({ challenge: 'aW52ZW50ZWQtY2hhbGxlbmdl' });
    expect((await passkeyLogin(app, invented)).json()).toEqual(NOT_VERIFIED);
    const late = await loginOptions(app);
    await ctx.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, late.challenge));
    expect((await passkeyLogin(app, authenticator.signIn(late))).json()).toEqual(NOT_VERIFIED);

    // A registration challenge does not sign in, and a registration answer is taken once.
    const registration = await registrationOptions(app, user);
    const crossCeremony = authenticator.signIn({ challenge: registration.challenge });
    expect((await passkeyLogin(app, crossCeremony)).json()).toEqual(NOT_VERIFIED);
    const other = createSoftAuthenticator({ origin: ORIGIN });
    const fresh = await registrationOptions(app, user);
    const made = other.register(fresh);
    expect(
      (await sendRegistration(app, user, { name: 'Tablet', credential: made })).statusCode,
    ).toBe(200);
    const again = await sendRegistration(app, user, { name: 'Tablet', credential: made });
    expect(again.json()).toEqual(NOT_VERIFIED);

    // Another user's registration challenge is not this user's.
    const stranger = await signUp(app);
    const strangers = await registrationOptions(app, stranger);
    const stolen = await sendRegistration(app, user, {
      name: 'Stolen',
      credential: createSoftAuthenticator({ origin: ORIGIN }).register(strangers),
    });
    expect(stolen.json()).toEqual(NOT_VERIFIED);
  });

  it('lets only one of two sign-ins with the same counter through (a cloned authenticator)', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    await addPasskey(app, user, authenticator);
    const original = authenticator.credentials[0];
    if (!original) throw new Error('no passkey');
    const clone = { ...original };

    // Both sign their counter 1 before either answer is sent, and both answers arrive at once.
    const first = authenticator.signIn(await loginOptions(app), original);
    const second = authenticator.signIn(await loginOptions(app), clone);
    const answers = await Promise.all([passkeyLogin(app, first), passkeyLogin(app, second)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json()).toEqual(NOT_VERIFIED);
  });

  it('records a counter only forwards, and any use of a passkey that keeps no counter', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await addPasskey(app, user, createSoftAuthenticator({ origin: ORIGIN }));
    const userId = (await findUserByEmail(ctx.database.db, user.email))?.id ?? '';
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
    if (!row) throw new Error('no passkey');
    const db = ctx.database.db;
    const now = new Date();

    expect(await recordPasskeyUse(db, row.id, 0, now)).toBe(true); // no counter kept: 0 and 0
    expect(await recordPasskeyUse(db, row.id, 5, now)).toBe(true);
    expect(await recordPasskeyUse(db, row.id, 5, now)).toBe(false);
    expect(await recordPasskeyUse(db, row.id, 4, now)).toBe(false);
    expect(await recordPasskeyUse(db, row.id, 0, now)).toBe(false);
    expect(await recordPasskeyUse(db, row.id, 6, now)).toBe(true);
  });

  it('limits passkey sign-in attempts per IP like the password login', async () => {
    const app = await ctx.buildApp({ env: { AUTH_RATE_LIMIT_IP_MAX: '2' } });
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    const user = await signUp(app);
    await addPasskey(app, user, authenticator);
    const options = await loginOptions(app, '10.9.9.9');

    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await passkeyLogin(app, authenticator.signIn(options), '10.9.9.9')).statusCode,
      );
    }

    // The first uses the challenge, the second finds it used, the third is over the limit.
    expect(statuses).toEqual([200, 400, 429]);
  });
});
