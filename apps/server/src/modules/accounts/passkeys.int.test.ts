import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  apiPaths,
  apiPathTo,
  PASSKEY_MESSAGES,
  PasskeyListSchema,
  PasskeyLoginOptionsSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
  TokenResponseSchema,
  type PasskeyLoginRequest,
  type RegisterPasskeyRequest,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  randomIp,
  signUp,
  testConfig,
  type SoftAuthenticator,
  type TestUser,
} from '../../test/index.js';
import { hasPasskey } from './index.js';
import { webauthnChallenges } from './schema.js';
import { findUserByEmail } from './service.js';

const ORIGIN = testConfig().publicUrl;
const NOT_VERIFIED = { errors: { '': PASSKEY_MESSAGES.notVerified } };

const registrationOptions = async (app: App, user: TestUser, password = user.password) =>
  app.inject({
    method: 'POST',
    url: apiPathTo.accountsPasskeyRegistrationOptions(),
    headers: bearer(user.accessToken),
    remoteAddress: randomIp(),
    payload: { currentPassword: password },
  });

const sendRegistration = (app: App, user: TestUser, payload: RegisterPasskeyRequest) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsPasskeys,
    headers: bearer(user.accessToken),
    payload,
  });

/** Adds a passkey made by `authenticator` to the user's account, through the API. */
async function addPasskey(
  app: App,
  user: TestUser,
  authenticator: SoftAuthenticator,
  name = 'Work laptop',
) {
  const options = PasskeyRegistrationOptionsSchema.parse(
    (await registrationOptions(app, user)).json(),
  );
  const response = await sendRegistration(app, user, {
    name,
    credential: authenticator.register(options),
  });
  expect(response.statusCode, response.body).toBe(200);
  return PasskeySchema.parse(response.json());
}

const listPasskeys = async (app: App, user: TestUser) => {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.accountsPasskeys,
    headers: bearer(user.accessToken),
  });
  expect(response.statusCode).toBe(200);
  return PasskeyListSchema.parse(response.json());
};

const loginOptions = async (app: App, remoteAddress = randomIp()) => {
  const response = await app.inject({
    method: 'POST',
    url: apiPathTo.accountsPasskeyLoginOptions(),
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return PasskeyLoginOptionsSchema.parse(response.json());
};

const passkeyLogin = (app: App, credential: PasskeyLoginRequest['credential'], ip = randomIp()) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsPasskeyLogin,
    payload: { credential },
    remoteAddress: ip,
  });

const profileEmail = async (app: App, accessToken: string) =>
  (
    await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(accessToken),
    })
  ).json<{ email: string }>().email;

describeEachEngine('passkeys', (ctx) => {
  it('are added after the password is checked, listed, renamed and removed', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });

    const wrongPassword = await registrationOptions(app, user, `${user.password}x`);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({
      errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
    });

    const options = PasskeyRegistrationOptionsSchema.parse(
      (await registrationOptions(app, user)).json(),
    );
    // The relying party is the shop's public address; the passkey must be discoverable and verify its user.
    expect(options.rp.id).toBe('localhost');
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const added = await sendRegistration(app, user, {
      name: '  Work laptop ',
      credential: authenticator.register(options),
    });
    expect(added.statusCode, added.body).toBe(200);
    const passkey = PasskeySchema.parse(added.json());
    expect(passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(await listPasskeys(app, user)).toEqual([passkey]);

    // A second passkey is made with the same user handle, and the first one is excluded.
    const second = PasskeyRegistrationOptionsSchema.parse(
      (await registrationOptions(app, user)).json(),
    );
    expect(second.user.id).toBe(options.user.id);
    expect(second.excludeCredentials?.map((credential) => credential.id)).toEqual([
      authenticator.credentials[0]?.id,
    ]);

    const renamed = await app.inject({
      method: 'PATCH',
      url: apiPathTo.accountsPasskey(passkey.id),
      headers: bearer(user.accessToken),
      payload: { name: 'Phone' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Phone' });
    expect((await listPasskeys(app, user)).map((one) => one.name)).toEqual(['Phone']);

    const removed = await app.inject({
      method: 'DELETE',
      url: apiPathTo.accountsPasskey(passkey.id),
      headers: bearer(user.accessToken),
    });
    expect(removed.statusCode).toBe(200);
    expect(await listPasskeys(app, user)).toEqual([]);
    // A removed passkey no longer signs in.
    const login = await passkeyLogin(app, authenticator.signIn(await loginOptions(app)));
    expect(login.json()).toEqual(NOT_VERIFIED);
  });

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
    const bobsOptions = PasskeyRegistrationOptionsSchema.parse(
      (await registrationOptions(app, bob)).json(),
    );
    const takeover = await sendRegistration(app, bob, {
      name: 'Not mine',
      credential: bobsDevice.register(bobsOptions, { credentialId: alicesKey.id }),
    });
    expect(takeover.statusCode).toBe(400);
    expect(takeover.json()).toEqual({ errors: { '': PASSKEY_MESSAGES.alreadyRegistered } });
    // Nor by naming her credential id beside his own authenticator data.
    const mislabelled = bobsDevice.register(
      PasskeyRegistrationOptionsSchema.parse((await registrationOptions(app, bob)).json()),
    );
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
    const registration = PasskeyRegistrationOptionsSchema.parse(
      (await registrationOptions(app, user)).json(),
    );
    const crossCeremony = authenticator.signIn({ challenge: registration.challenge });
    expect((await passkeyLogin(app, crossCeremony)).json()).toEqual(NOT_VERIFIED);
    const other = createSoftAuthenticator({ origin: ORIGIN });
    const fresh = PasskeyRegistrationOptionsSchema.parse(
      (await registrationOptions(app, user)).json(),
    );
    const made = other.register(fresh);
    expect(
      (await sendRegistration(app, user, { name: 'Tablet', credential: made })).statusCode,
    ).toBe(200);
    const again = await sendRegistration(app, user, { name: 'Tablet', credential: made });
    expect(again.json()).toEqual(NOT_VERIFIED);

    // Another user's registration challenge is not this user's.
    const stranger = await signUp(app);
    const strangers = PasskeyRegistrationOptionsSchema.parse(
      (await registrationOptions(app, stranger)).json(),
    );
    const stolen = await sendRegistration(app, user, {
      name: 'Stolen',
      credential: createSoftAuthenticator({ origin: ORIGIN }).register(strangers),
    });
    expect(stolen.json()).toEqual(NOT_VERIFIED);
  });

  it('refuses an answer made on another site', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const phishing = createSoftAuthenticator({ origin: 'https://pictura.example.net' });
    const options = PasskeyRegistrationOptionsSchema.parse(
      (await registrationOptions(app, user)).json(),
    );

    const response = await sendRegistration(app, user, {
      name: 'Phished',
      credential: phishing.register(options),
    });

    expect(response.json()).toEqual(NOT_VERIFIED);
    expect(await listPasskeys(app, user)).toEqual([]);
  });

  it("another user's passkey cannot be renamed or removed: 404", async () => {
    const app = await ctx.buildApp();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const passkey = await addPasskey(app, owner, createSoftAuthenticator({ origin: ORIGIN }));

    const rename = await app.inject({
      method: 'PATCH',
      url: apiPathTo.accountsPasskey(passkey.id),
      headers: bearer(stranger.accessToken),
      payload: { name: 'Mine now' },
    });
    const remove = await app.inject({
      method: 'DELETE',
      url: apiPathTo.accountsPasskey(passkey.id),
      headers: bearer(stranger.accessToken),
    });

    expect(rename.statusCode).toBe(404);
    expect(remove.statusCode).toBe(404);
    expect(await listPasskeys(app, stranger)).toEqual([]);
    expect(await listPasskeys(app, owner)).toEqual([passkey]);
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
