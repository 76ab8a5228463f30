import { expect, it } from 'vitest';
import { apiPathTo } from '@pictura/contract';
import type { App } from '../../app.js';
import {
  addPasskey,
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  enrollTwoStep,
  PASSKEY_ORIGIN,
  reauthenticate,
  signUp,
  testConfig,
  totpCode,
  useSmtpCapture,
  wrongCode,
  type TestUser,
} from '../../test/index.js';

const turnOff = (app: App, user: TestUser, code: string) =>
  app.inject({
    method: 'POST',
    url: apiPathTo.accountsTwoStepDisable(),
    headers: bearer(user.accessToken),
    payload: { password: user.password, code },
  });

const shop = testConfig().publicUrl;

const removePasskey = async (app: App, user: TestUser, passkeyId: string) => {
  await reauthenticate(app, user);
  return app.inject({
    method: 'DELETE',
    url: apiPathTo.accountsPasskey(passkeyId),
    headers: bearer(user.accessToken),
  });
};

describeEachEngine('mails about how an account signs in', (ctx) => {
  const smtp = useSmtpCapture();
  const buildApp = () => ctx.buildApp({ env: { SMTP_URL: smtp.url } });
  /** Subjects of every mail the user got after the sign-up's own. */
  const subjectsTo = (user: TestUser) =>
    smtp.messages
      .filter((mail) => mail.to && [mail.to].flat().some((to) => to.text === user.email))
      .map((mail) => mail.subject)
      .slice(1);

  it('tells the owner when two-step sign-in is turned on and off, and not when a try fails', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });

    const { secret, confirmedStep } = await enrollTwoStep(app, user);
    const on = await smtp.nextMailTo(user.email);
    expect(on.subject).toBe('Two-step sign-in is on for your Pictura account');
    expect(on.text).toContain('authenticator app');
    expect(on.text).toContain(`${shop}/forgot-password`);
    expect(on.text).toContain(`${shop}/account-settings`);
    expect(on.html).toContain(`<a href="${shop}/forgot-password"`);

    expect((await turnOff(app, user, await wrongCode(secret))).statusCode).toBe(400);
    expect((await turnOff(app, user, await totpCode(secret, confirmedStep + 1))).statusCode).toBe(
      200,
    );
    const off = await smtp.nextMailTo(user.email);
    expect(off.subject).toBe('Two-step sign-in is off for your Pictura account');
    expect(subjectsTo(user)).toEqual([on.subject, off.subject]);
  });

  it('names the passkey added or removed, in the language of the account', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp, headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    const authenticator = createSoftAuthenticator({ origin: PASSKEY_ORIGIN });

    const passkey = await addPasskey(app, user, authenticator, 'Portátil <del trabajo>');
    const added = await smtp.nextMailTo(user.email);
    expect(added.subject).toBe('Se ha añadido una llave de acceso a tu cuenta de Pictura');
    expect(added.text).toContain('«Portátil <del trabajo>»');
    // The name is the user's text: escaped in the HTML part.
    expect(added.html).toContain('«Portátil &lt;del trabajo&gt;»');

    expect((await removePasskey(app, user, passkey.id)).statusCode).toBe(200);
    const gone = await smtp.nextMailTo(user.email);
    expect(gone.subject).toBe('Se ha eliminado una llave de acceso de tu cuenta de Pictura');
    expect(gone.text).toContain('«Portátil <del trabajo>»');

    // Removing it again changes nothing and tells nobody.
    expect((await removePasskey(app, user, passkey.id)).statusCode).toBe(404);
    await addPasskey(app, user, createSoftAuthenticator({ origin: PASSKEY_ORIGIN }), 'Móvil');
    await smtp.nextMailTo(user.email);
    expect(subjectsTo(user)).toEqual([added.subject, gone.subject, added.subject]);
  });
});
