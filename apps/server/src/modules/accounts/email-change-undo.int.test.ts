// Someone who knows the password moves the account to their own address: the old address's mail
// carries a link that takes the account back for 7 days, once.
import { expect, it } from 'vitest';
import { apiPaths, EMAIL_VERIFICATION_MESSAGES, paths } from '@pictura/contract';
import type { App } from '../../app.js';
import {
  addPasskey,
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  loginOptions,
  loginWithCode,
  PASSKEY_ORIGIN,
  passkeyLogin,
  randomIp,
  signUp,
  useSmtpCapture,
  verificationLinkIn,
  type TestUser,
} from '../../test/index.js';

const undo = (app: App, payload: object) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsUndoEmailChange,
    remoteAddress: randomIp(),
    payload,
  });

describeEachEngine('undoing an email change', (ctx) => {
  const smtp = useSmtpCapture();

  it('gives the old address its account back: every session ends, the password and the changer’s passkey stop working', async () => {
    const app = await ctx.buildApp({ env: { SMTP_URL: smtp.url } });
    const owner = await signUp(app, { smtp });
    // The attacker knows the password: signs in and moves the account to their own address.
    const login = await loginWithCode(app, owner);
    const attacker: TestUser = {
      ...owner,
      ...login.json<Pick<TestUser, 'accessToken' | 'refreshToken'>>(),
    };
    const theirs = `taken-${Date.now()}@example.net`;
    const change = await app.inject({
      method: 'POST',
      url: apiPaths.accountsChangeEmail,
      remoteAddress: randomIp(),
      headers: bearer(attacker.accessToken),
      payload: { email: theirs, currentPassword: owner.password },
    });
    expect(change.statusCode, change.body).toBe(200);
    const verify = await app.inject({
      method: 'POST',
      url: apiPaths.accountsVerifyEmail,
      remoteAddress: randomIp(),
      payload: verificationLinkIn((await smtp.nextMailTo(theirs)).text),
    });
    expect(verify.json()).toEqual({ email: theirs });
    const attackersDevice = createSoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await addPasskey(app, attacker, attackersDevice);

    const notice = await smtp.nextMailTo(owner.email, 10_000, (mail) =>
      (mail.text ?? '').includes(paths.undoEmailChange),
    );
    expect(notice.text).toContain(theirs);
    const href = new RegExp(`https?://\\S+${paths.undoEmailChange}\\?\\S+`).exec(notice.text ?? '');
    const link = new URL(href?.[0] ?? 'http://none');
    const payload = {
      user: link.searchParams.get('user') ?? '',
      token: link.searchParams.get('token') ?? '',
    };

    const undone = await undo(app, payload);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ email: owner.email });

    // Once only.
    expect((await undo(app, payload)).json()).toEqual({
      errors: { '': EMAIL_VERIFICATION_MESSAGES.invalidUndoLink },
    });
    for (const session of [owner, attacker]) {
      const refreshed = await app.inject({
        method: 'POST',
        url: apiPaths.accountsRefresh,
        remoteAddress: randomIp(),
        payload: { refreshToken: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    expect((await loginWithCode(app, owner)).statusCode).toBe(400);
    expect((await loginWithCode(app, { ...owner, email: theirs })).statusCode).toBe(400);
    const attackerSignIn = await passkeyLogin(app, attackersDevice.signIn(await loginOptions(app)));
    expect(attackerSignIn.statusCode).toBe(400);
  });

  it('answers 400 with the field for a malformed link, and the general message for a wrong one', async () => {
    const app = await ctx.buildApp();
    const malformed = await undo(app, { user: 'not-a-uuid', token: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<{ errors: object }>().errors).sort()).toEqual([
      'token',
      'user',
    ]);
    const wrong = await undo(app, {
      user: '3f2a6c1e-8b7d-4c5e-9a10-2b3c4d5e6f70',
      token: 'A'.repeat(43),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { '': EMAIL_VERIFICATION_MESSAGES.invalidUndoLink } });
  });
});
