import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, randomIp, signUp, STRONG_PASSWORD } from '../../test/index.js';
import { ARGON2_OPTIONS, users } from './index.js';

const registration = (email: string, password = STRONG_PASSWORD) => ({
  email,
  password,
  repeatedPassword: password,
  agreedToPrivacyPolicy: true,
});

const register = (app: App, payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsRegister,
    payload,
    headers,
    remoteAddress: randomIp(),
  });

describeEachEngine('POST /api/Accounts/register', (ctx) => {
  const storedUser = async (email: string) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    return user;
  };

  it('creates the account and answers 200 with tokens that sign the user in at once', async () => {
    const app = await ctx.buildApp();

    const response = await register(app, registration('new.user@example.com'));

    expect(response.statusCode).toBe(200);
    const { accessToken, refreshToken } = response.json<Record<string, string>>();
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const profile = await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(accessToken ?? ''),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'new.user@example.com', currency: 'EUR' });
  });

  it('stores an argon2id hash (19 MiB, 2 passes), never the password', async () => {
    // The production cost, which the other tests lower (TEST_PASSWORD_HASHING).
    const app = await ctx.buildApp({ passwordHashing: ARGON2_OPTIONS });
    await register(app, registration('hash.check@example.com'));

    const user = await storedUser('hash.check@example.com');

    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it('answers 400 with a field map for every invalid field', async () => {
    const app = await ctx.buildApp();

    const response = await register(app, {
      email: 'not-an-email',
      password: 'short',
      repeatedPassword: 'other',
      agreedToPrivacyPolicy: false,
    });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'agreedToPrivacyPolicy',
      'email',
      'password',
    ]);
  });

  it('normalises the email, so one address differently typed is one account', async () => {
    const app = await ctx.buildApp();

    const first = await register(app, registration('  Mixed.Case@Example.COM '));
    const again = await register(app, registration('mixed.case@example.com'));

    expect(first.statusCode).toBe(200);
    expect(await storedUser('mixed.case@example.com')).toBeDefined();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { email: ACCOUNT_MESSAGES.emailTaken } });
  });

  it('keeps the password exactly as typed: spaces count', async () => {
    const app = await ctx.buildApp();
    const password = `  ${STRONG_PASSWORD}  `;
    await register(app, registration('spaces@example.com', password));

    const login = (typed: string) =>
      app.inject({
        method: 'POST',
        url: apiPaths.accountsLogin,
        payload: { email: 'spaces@example.com', password: typed },
      });

    expect((await login(password)).statusCode).toBe(200);
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(400);
  });

  it('accepts 128 characters and refuses 129 without truncating', async () => {
    const app = await ctx.buildApp();
    const long = `${STRONG_PASSWORD}-`.repeat(6).slice(0, 128);

    const accepted = await register(app, registration('long@example.com', long));
    const refused = await register(app, registration('longer@example.com', `${long}x`));

    expect(accepted.statusCode).toBe(200);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toContain('password');
    expect(await storedUser('longer@example.com')).toBeUndefined();
  });

  it('refuses a common or guessable password with a message on password', async () => {
    const app = await ctx.buildApp();

    for (const password of ['password123', 'qwertyuiop', 'anna.smith2024']) {
      const response = await register(app, registration('anna.smith@example.com', password));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: { password: ACCOUNT_MESSAGES.passwordTooWeak } });
    }
    expect(await storedUser('anna.smith@example.com')).toBeUndefined();
  });

  it('requires the repeated password to match and the privacy policy to be agreed', async () => {
    const app = await ctx.buildApp();

    const mismatch = await register(app, {
      ...registration('repeat@example.com'),
      repeatedPassword: `${STRONG_PASSWORD}!`,
    });
    const notAgreed = await register(app, {
      ...registration('agree@example.com'),
      agreedToPrivacyPolicy: false,
    });

    expect(Object.keys(mismatch.json<{ errors: object }>().errors)).toEqual(['repeatedPassword']);
    expect(notAgreed.statusCode).toBe(400);
    expect(Object.keys(notAgreed.json<{ errors: object }>().errors)).toEqual([
      'agreedToPrivacyPolicy',
    ]);
  });

  it("keeps the language of the site's cookie, else of the browser, for the user's mails", async () => {
    const app = await ctx.buildApp();

    await signUp(app, { email: 'cookie@example.com', headers: { cookie: 'a=1; i18next=ja' } });
    await signUp(app, {
      email: 'browser@example.com',
      headers: { 'accept-language': 'fr-FR, es-MX;q=0.9, en;q=0.8' },
    });
    await signUp(app, { email: 'default@example.com' });

    expect((await storedUser('cookie@example.com'))?.locale).toBe('ja');
    expect((await storedUser('browser@example.com'))?.locale).toBe('es');
    expect((await storedUser('default@example.com'))?.locale).toBe('en');
  });

  it('limits sign-ups per IP and per email with 429 and the spec message', async () => {
    const app = await ctx.buildApp({
      env: { AUTH_RATE_LIMIT_IP_MAX: '2', AUTH_RATE_LIMIT_EMAIL_MAX: '2' },
    });
    const fromIp = (email: string) =>
      app.inject({
        method: 'POST',
        url: apiPaths.accountsRegister,
        payload: registration(email),
        remoteAddress: '10.9.9.9',
      });

    const perIp = [
      await fromIp('ip1@example.com'),
      await fromIp('ip2@example.com'),
      await fromIp('ip3@example.com'),
    ];
    const perEmail = [
      await register(app, registration('busy@example.com')),
      await register(app, registration('busy@example.com')),
      await register(app, registration('busy@example.com')),
    ];

    expect(perIp.map((response) => response.statusCode)).toEqual([200, 200, 429]);
    expect(perEmail.map((response) => response.statusCode)).toEqual([200, 400, 429]);
    expect(perEmail[2]?.json()).toEqual({ errors: { '': 'Too many requests.' } });
    expect(Number(perEmail[2]?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
