import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { apiPathTo, apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, randomIp, signUp, type TestUser } from '../../test/index.js';
import { PASSWORD_CHECK_MAX } from './user-rate-limits.js';

const TOO_MANY = { errors: { '': 'Too many requests.' } };
const WRONG = 'not-the-password-at-all';

/** Every call that checks the signed-in user's password again, each from an address of its own. */
const passwordChecks: Record<
  string,
  (app: App, user: TestUser) => Promise<LightMyRequestResponse>
> = {
  'change-password': (app, user) =>
    app.inject({
      method: 'POST',
      url: apiPaths.accountsChangePassword,
      headers: bearer(user.accessToken),
      remoteAddress: randomIp(),
      payload: {
        currentPassword: WRONG,
        password: 'an-Entirely-new-phrase-77',
        repeatedPassword: 'an-Entirely-new-phrase-77',
      },
    }),
  'change-email': (app, user) =>
    app.inject({
      method: 'POST',
      url: apiPaths.accountsChangeEmail,
      headers: bearer(user.accessToken),
      remoteAddress: randomIp(),
      payload: { email: `new-${Date.now()}@example.com`, currentPassword: WRONG },
    }),
  'passkey options': (app, user) =>
    app.inject({
      method: 'POST',
      url: apiPathTo.accountsPasskeyRegistrationOptions(),
      headers: bearer(user.accessToken),
      remoteAddress: randomIp(),
      payload: { currentPassword: WRONG },
    }),
  'two-step disable': (app, user) =>
    app.inject({
      method: 'POST',
      url: apiPathTo.accountsTwoStepDisable(),
      headers: bearer(user.accessToken),
      remoteAddress: randomIp(),
      payload: { password: WRONG, code: '123456' },
    }),
  'account deletion': (app, user) =>
    app.inject({
      method: 'POST',
      url: apiPaths.privacyAccountDeletion,
      headers: bearer(user.accessToken),
      remoteAddress: randomIp(),
      payload: { password: WRONG },
    }),
};

describeEachEngine('password checks are limited per account', (ctx) => {
  it(`allows ${PASSWORD_CHECK_MAX} password checks per account in 15 minutes across all such calls and IPs, then 429`, async () => {
    const app = await ctx.buildApp();
    const thief = await signUp(app);
    const bystander = await signUp(app);
    const calls = Object.values(passwordChecks);

    const statuses = [];
    for (let i = 0; i < PASSWORD_CHECK_MAX; i++) {
      statuses.push((await calls[i % calls.length]!(app, thief)).statusCode);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);

    for (const [name, call] of Object.entries(passwordChecks)) {
      const refused = await call(app, thief);
      expect({ name, status: refused.statusCode }).toEqual({ name, status: 429 });
      expect(refused.json()).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another account's count is its own.
    expect((await passwordChecks['change-password']!(app, bystander)).statusCode).toBe(400);
  }, 90_000);

  it('limits change-email to 3 new links per user in 15 minutes, shared with asking for a new link', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const changeTo = (email: string) =>
      app.inject({
        method: 'POST',
        url: apiPaths.accountsChangeEmail,
        headers: bearer(user.accessToken),
        remoteAddress: randomIp(),
        payload: { email, currentPassword: user.password },
      });

    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await changeTo(`victim-${i}-${Date.now()}@example.com`)).statusCode);
    }
    const fourth = await changeTo(`victim-3-${Date.now()}@example.com`);
    const resend = await app.inject({
      method: 'POST',
      url: apiPaths.accountsResendVerification,
      headers: bearer(user.accessToken),
      remoteAddress: randomIp(),
    });

    expect(statuses).toEqual([200, 200, 200]);
    expect(fourth.statusCode).toBe(429);
    expect(resend.statusCode).toBe(429);
  });

  it('answers a bad body with 400 on the field, without counting it', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    for (let i = 0; i < PASSWORD_CHECK_MAX + 2; i++) {
      const bad = await app.inject({
        method: 'POST',
        url: apiPaths.accountsChangeEmail,
        headers: bearer(user.accessToken),
        remoteAddress: randomIp(),
        payload: { email: 'not an address', currentPassword: user.password },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['email']);
    }
    expect((await passwordChecks['change-password']!(app, user)).statusCode).toBe(400);
  });
});
