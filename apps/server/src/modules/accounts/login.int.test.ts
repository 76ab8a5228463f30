import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, randomIp, signUp } from '../../test/index.js';

const login = (app: App, payload: object, remoteAddress = randomIp()) =>
  app.inject({ method: 'POST', url: apiPaths.accountsLogin, payload, remoteAddress });

const INVALID_CREDENTIALS = { errors: { '': ACCOUNT_MESSAGES.invalidCredentials } };

describeEachEngine('POST /api/Accounts/login', (ctx) => {
  it('answers 200 with an access token and a refresh token that work', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const response = await login(app, { email: user.email.toUpperCase(), password: user.password });

    expect(response.statusCode).toBe(200);
    const tokens = response.json<{ accessToken: string; refreshToken: string }>();
    expect(tokens.accessToken.split('.')).toHaveLength(3);
    expect(tokens.refreshToken).not.toBe(user.refreshToken);
    const profile = await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(tokens.accessToken),
    });
    expect(profile.json()).toMatchObject({ email: user.email });
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const unknown = await login(app, { email: 'nobody@example.com', password: user.password });
    const wrong = await login(app, { email: user.email, password: `${user.password}x` });

    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual(INVALID_CREDENTIALS);
    expect(wrong.body).toBe(unknown.body);
  });

  it('answers 400 with a field map for a malformed request', async () => {
    const app = await ctx.buildApp();

    const response = await login(app, { email: 'nope', password: '' });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'email',
      'password',
    ]);
  });

  it('limits attempts per IP with 429 and the spec message', async () => {
    const app = await ctx.buildApp({ env: { AUTH_RATE_LIMIT_IP_MAX: '3' } });

    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await login(
        app,
        { email: `guess${i}@example.com`, password: 'guess' },
        '10.1.1.1',
      );
      statuses.push(response.statusCode);
    }
    const otherIp = await login(app, { email: 'guess@example.com', password: 'x' }, '10.1.1.2');

    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(otherIp.statusCode).toBe(400);
  });

  it('limits attempts per email from any number of IPs, the right password included', async () => {
    const app = await ctx.buildApp({ env: { AUTH_RATE_LIMIT_EMAIL_MAX: '3' } });
    const user = await signUp(app);

    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await login(app, { email: user.email, password: `wrong${i}` })).statusCode);
    }
    const right = await login(app, { email: user.email, password: user.password });
    const otherEmail = await login(app, { email: 'other@example.com', password: 'x' });

    expect(statuses).toEqual([400, 400, 400]);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ errors: { '': 'Too many requests.' } });
    expect(otherEmail.statusCode).toBe(400);
  });
});
