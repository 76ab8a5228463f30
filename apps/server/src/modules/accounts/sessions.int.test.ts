import { afterEach, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, signUp } from '../../test/index.js';

const refresh = (app: App, refreshToken: string) =>
  app.inject({ method: 'POST', url: apiPaths.accountsRefresh, payload: { refreshToken } });

const profileWith = (app: App, accessToken: string) =>
  app.inject({ method: 'GET', url: apiPaths.accountsProfile, headers: bearer(accessToken) });

const UNAUTHORIZED = { errors: { '': 'Authentication is required.' } };

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

describeEachEngine('sessions: refresh, expiry, log out', (ctx) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rotates the refresh token on every refresh and the new tokens work', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const first = await refresh(app, user.refreshToken);
    const second = await refresh(app, first.json<Tokens>().refreshToken);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const tokens = second.json<Tokens>();
    expect(
      new Set([user.refreshToken, first.json<Tokens>().refreshToken, tokens.refreshToken]).size,
    ).toBe(3);
    expect((await profileWith(app, tokens.accessToken)).statusCode).toBe(200);
  });

  it('treats a rotated token presented again as theft: 401, and the whole family dies', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const rotated = (await refresh(app, user.refreshToken)).json<Tokens>();

    const reuse = await refresh(app, user.refreshToken);

    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(UNAUTHORIZED);
    // The newest token and its access token, held by whoever rotated first, are dead too.
    expect((await refresh(app, rotated.refreshToken)).statusCode).toBe(401);
    expect((await profileWith(app, rotated.accessToken)).statusCode).toBe(401);
    expect((await profileWith(app, user.accessToken)).statusCode).toBe(401);
  });

  it('keeps other logins alive when one family is revoked for reuse', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const other = await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogin,
      payload: { email: user.email, password: user.password },
    });
    await refresh(app, user.refreshToken);
    await refresh(app, user.refreshToken);

    expect((await profileWith(app, other.json<Tokens>().accessToken)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed refresh token with 401, an empty one with 400', async () => {
    const app = await ctx.buildApp();

    const unknown = await refresh(app, 'x'.repeat(43));
    const empty = await refresh(app, '');

    expect(unknown.statusCode).toBe(401);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ errors: object }>().errors)).toEqual(['refreshToken']);
  });

  it('ends a login 30 days after it began, however often it was refreshed', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 29 * 24 * 3600 * 1000 });
    const late = await refresh(app, user.refreshToken);
    expect(late.statusCode).toBe(200);

    vi.setSystemTime(Date.now() + 2 * 24 * 3600 * 1000);
    const expired = await refresh(app, late.json<Tokens>().refreshToken);

    expect(expired.statusCode).toBe(401);
  });

  it('refuses an expired access token with 401 (ACCESS_TOKEN_TTL_SECONDS)', async () => {
    const app = await ctx.buildApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '60' } });
    const user = await signUp(app);
    expect((await profileWith(app, user.accessToken)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const response = await profileWith(app, user.accessToken);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses tokens with alg none, another key, tampered claims or no Bearer scheme', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const [header = '', payload = '', signature = ''] = user.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const other = await signUp(app);
    const otherClaims = JSON.parse(
      Buffer.from(other.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;

    const algNone = `${encode({ alg: 'none', typ: 'at+jwt' })}.${payload}.`;
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters'));
    const tampered = `${header}.${encode({ ...claims, sub: otherClaims.sub })}.${signature}`;

    for (const token of [algNone, wrongKey, tampered, 'not-a-jwt']) {
      const response = await profileWith(app, token);
      expect(response.statusCode).toBe(401);
    }
    const noScheme = await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: { authorization: user.accessToken },
    });
    const none = await app.inject({ method: 'GET', url: apiPaths.accountsProfile });
    expect(noScheme.statusCode).toBe(401);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(UNAUTHORIZED);
  });

  it('logs out: the refresh token and the access tokens of that login stop working', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const otherLogin = await signUp(app, { email: `${Date.now()}-b@example.com` });

    const response = await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogout,
      payload: { refreshToken: user.refreshToken },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await refresh(app, user.refreshToken)).statusCode).toBe(401);
    expect((await profileWith(app, user.accessToken)).statusCode).toBe(401);
    expect((await profileWith(app, otherLogin.accessToken)).statusCode).toBe(200);
  });

  it('answers log out with an unknown token the same, revealing nothing; an empty one is a 400', async () => {
    const app = await ctx.buildApp();
    const logout = (refreshToken: string) =>
      app.inject({ method: 'POST', url: apiPaths.accountsLogout, payload: { refreshToken } });

    const unknown = await logout('unknown-token');
    const empty = await logout('');

    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ errors: object }>().errors)).toEqual(['refreshToken']);
  });

  it("logs out everywhere: every one of the user's sessions ends, other users' stay", async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const secondLogin = (
      await app.inject({
        method: 'POST',
        url: apiPaths.accountsLogin,
        payload: { email: user.email, password: user.password },
      })
    ).json<Tokens>();
    const someoneElse = await signUp(app);

    const response = await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogoutAll,
      headers: bearer(user.accessToken),
    });

    expect(response.statusCode).toBe(200);
    for (const tokens of [user, secondLogin]) {
      expect((await refresh(app, tokens.refreshToken)).statusCode).toBe(401);
      expect((await profileWith(app, tokens.accessToken)).statusCode).toBe(401);
    }
    expect((await profileWith(app, someoneElse.accessToken)).statusCode).toBe(200);
  });

  it('requires a signed-in user to log out everywhere', async () => {
    const app = await ctx.buildApp();

    const response = await app.inject({ method: 'POST', url: apiPaths.accountsLogoutAll });

    expect(response.statusCode).toBe(401);
  });
});
