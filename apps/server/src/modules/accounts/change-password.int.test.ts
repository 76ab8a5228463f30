import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  useSmtpCapture,
  type TestUser,
} from '../../test/index.js';

const NEW_PASSWORD = 'amber-Quarry-77-whistle';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

const login = (app: App, email: string, password: string) =>
  app.inject({ method: 'POST', url: apiPaths.accountsLogin, payload: { email, password } });

const changePassword = (app: App, user: TestUser, payload: object) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsChangePassword,
    headers: bearer(user.accessToken),
    payload,
  });

const profileStatus = async (app: App, accessToken: string) =>
  (await app.inject({ method: 'GET', url: apiPaths.accountsProfile, headers: bearer(accessToken) }))
    .statusCode;

describeEachEngine('POST /api/Accounts/change-password', (ctx) => {
  const smtp = useSmtpCapture();
  const buildApp = () => ctx.buildApp({ env: { SMTP_URL: smtp.url } });

  it('changes the password, keeps this session and ends every other one', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });
    const otherDevice = (await login(app, user.email, user.password)).json<Tokens>();

    const response = await changePassword(app, user, {
      currentPassword: user.password,
      password: NEW_PASSWORD,
      repeatedPassword: NEW_PASSWORD,
    });

    expect(response.statusCode).toBe(200);
    expect(await profileStatus(app, user.accessToken)).toBe(200);
    const refreshed = await app.inject({
      method: 'POST',
      url: apiPaths.accountsRefresh,
      payload: { refreshToken: user.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await profileStatus(app, otherDevice.accessToken)).toBe(401);
    const otherRefresh = await app.inject({
      method: 'POST',
      url: apiPaths.accountsRefresh,
      payload: { refreshToken: otherDevice.refreshToken },
    });
    expect(otherRefresh.statusCode).toBe(401);
    expect((await login(app, user.email, user.password)).statusCode).toBe(400);
    expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('tells the owner by mail, in text and HTML', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });

    await changePassword(app, user, {
      currentPassword: user.password,
      password: NEW_PASSWORD,
      repeatedPassword: NEW_PASSWORD,
    });
    const mail = await smtp.nextMailTo(user.email);

    expect(mail.subject).toBe('Your Pictura password was changed');
    expect(mail.text).toContain('/forgot-password');
    expect(mail.html).toContain('<a href=');
  });

  it('refuses a wrong current password on currentPassword and keeps the old one', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });

    const response = await changePassword(app, user, {
      currentPassword: 'not-my-password',
      password: NEW_PASSWORD,
      repeatedPassword: NEW_PASSWORD,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
    });
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a weak new password and a field map for malformed input', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });

    const weak = await changePassword(app, user, {
      currentPassword: user.password,
      password: 'password1',
      repeatedPassword: 'password1',
    });
    const malformed = await changePassword(app, user, {
      currentPassword: '',
      password: 'short',
      repeatedPassword: 'different',
    });

    expect(weak.json()).toEqual({ errors: { password: ACCOUNT_MESSAGES.passwordTooWeak } });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<{ errors: object }>().errors).sort()).toEqual([
      'currentPassword',
      'password',
      'repeatedPassword',
    ]);
  });

  it('requires a signed-in user', async () => {
    const app = await buildApp();

    const response = await app.inject({
      method: 'POST',
      url: apiPaths.accountsChangePassword,
      payload: { currentPassword: 'x', password: NEW_PASSWORD, repeatedPassword: NEW_PASSWORD },
    });

    expect(response.statusCode).toBe(401);
  });
});
