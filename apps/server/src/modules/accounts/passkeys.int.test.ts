import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, apiPathTo, PasskeySchema } from '@pictura/contract';
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
  requestRegistrationOptions,
  sendRegistration,
  reauthenticate,
  signUp,
} from '../../test/index.js';

describeEachEngine('passkeys in account settings', (ctx) => {
  it('are added after the password is checked, listed, renamed and removed', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });

    const wrongPassword = await requestRegistrationOptions(app, user, `${user.password}x`);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({
      errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
    });

    const options = await registrationOptions(app, user);
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
    const second = await registrationOptions(app, user);
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

    await reauthenticate(app, user);
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

  it('refuses a passkey that does not verify its user (no PIN or biometrics)', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const options = await registrationOptions(app, user);

    const response = await sendRegistration(app, user, {
      name: 'Key without a PIN',
      credential: createSoftAuthenticator({ origin: ORIGIN }).register(options, {
        userVerified: false,
      }),
    });

    expect(response.json()).toEqual(NOT_VERIFIED);
    expect(await listPasskeys(app, user)).toEqual([]);
  });

  it('refuses an answer made on another site', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const phishing = createSoftAuthenticator({ origin: 'https://pictura.example.net' });
    const options = await registrationOptions(app, user);

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
    await reauthenticate(app, stranger);
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
});
