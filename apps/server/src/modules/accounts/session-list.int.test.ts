import { expect, it } from 'vitest';
import {
  AccountSessionListSchema,
  apiPathTo,
  apiPaths,
  type AccountSession,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  reauthenticate,
  signUp,
  type TestUser,
} from '../../test/index.js';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

async function logIn(app: App, user: TestUser, userAgent?: string): Promise<Tokens> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.accountsLogin,
    headers: { 'x-forwarded-for': randomIp(), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Tokens>();
}

async function sessionsOf(app: App, accessToken: string): Promise<AccountSession[]> {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.accountsSessions,
    headers: bearer(accessToken),
  });
  expect(response.statusCode).toBe(200);
  return AccountSessionListSchema.parse(response.json());
}

const deviceOf = (session: AccountSession | undefined) =>
  session ? `${session.browser ?? '?'} on ${session.os ?? '?'}` : undefined;

const post = (app: App, url: string, accessToken: string) =>
  app.inject({ method: 'POST', url, headers: bearer(accessToken) });

const profileStatus = async (app: App, accessToken: string) =>
  (await app.inject({ method: 'GET', url: apiPaths.accountsProfile, headers: bearer(accessToken) }))
    .statusCode;

const refreshStatus = async (app: App, refreshToken: string) =>
  (
    await app.inject({
      method: 'POST',
      url: apiPaths.accountsRefresh,
      payload: { refreshToken },
    })
  ).statusCode;

describeEachEngine('signed-in sessions in account settings', (ctx) => {
  it('lists each standing session with its device, sign-in and last use, the current one marked', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const laptop = await logIn(app, user, FIREFOX_WINDOWS);
    const phone = await logIn(app, user, SAFARI_IPHONE);

    const sessions = await sessionsOf(app, laptop.accessToken);

    expect(sessions.map(deviceOf).sort()).toEqual([
      '? on ?',
      'Firefox on Windows',
      'Safari on iOS',
    ]);
    expect(sessions.filter((session) => session.current).map(deviceOf)).toEqual([
      'Firefox on Windows',
    ]);
    const fromPhone = await sessionsOf(app, phone.accessToken);
    expect(deviceOf(fromPhone.find((session) => session.current))).toBe('Safari on iOS');

    // Renewing the phone's tokens is a use: it moves to the top.
    const before = sessions.find((session) => deviceOf(session) === 'Safari on iOS');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await refreshStatus(app, phone.refreshToken)).toBe(200);
    const after = await sessionsOf(app, laptop.accessToken);
    expect(deviceOf(after[0])).toBe('Safari on iOS');
    expect(Date.parse(after[0]?.lastUsedAt ?? '')).toBeGreaterThan(
      Date.parse(before?.lastUsedAt ?? ''),
    );
    expect(after[0]?.signedInAt).toBe(before?.signedInAt);
  });

  it('ends one session at once: its access and refresh tokens stop working, the others go on', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const laptop = await logIn(app, user, FIREFOX_WINDOWS);
    const phone = await logIn(app, user, SAFARI_IPHONE);
    const phoneSession = (await sessionsOf(app, phone.accessToken)).find((s) => s.current);

    await reauthenticate(app, { ...user, ...laptop });
    const ended = await post(
      app,
      apiPathTo.accountsEndSession(phoneSession?.id ?? ''),
      laptop.accessToken,
    );

    expect(ended.statusCode).toBe(200);
    expect(await profileStatus(app, phone.accessToken)).toBe(401);
    expect(await refreshStatus(app, phone.refreshToken)).toBe(401);
    expect(await profileStatus(app, laptop.accessToken)).toBe(200);
    expect(await profileStatus(app, user.accessToken)).toBe(200);
    const left = await sessionsOf(app, laptop.accessToken);
    expect(left.map((session) => session.id)).not.toContain(phoneSession?.id);
    // Ending it again, or a session that never was, is a 404.
    const again = await post(
      app,
      apiPathTo.accountsEndSession(phoneSession?.id ?? ''),
      laptop.accessToken,
    );
    expect(again.statusCode).toBe(404);
  });

  it('ends every other session and keeps this one', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const laptop = await logIn(app, user, FIREFOX_WINDOWS);
    const phone = await logIn(app, user, SAFARI_IPHONE);

    await reauthenticate(app, { ...user, ...laptop });
    const ended = await post(app, apiPathTo.accountsEndOtherSessions(), laptop.accessToken);

    expect(ended.statusCode).toBe(200);
    expect(await profileStatus(app, laptop.accessToken)).toBe(200);
    for (const other of [phone, user]) {
      expect(await profileStatus(app, other.accessToken)).toBe(401);
      expect(await refreshStatus(app, other.refreshToken)).toBe(401);
    }
    const left = await sessionsOf(app, laptop.accessToken);
    expect(left).toEqual([
      expect.objectContaining({ browser: 'Firefox', os: 'Windows', current: true }),
    ]);
  });

  it("cannot see or end another user's sessions", async () => {
    const app = await ctx.buildApp();
    const alice = await signUp(app);
    const mallory = await signUp(app);
    const aliceSession = (await sessionsOf(app, alice.accessToken))[0];

    await reauthenticate(app, mallory);
    const ended = await post(
      app,
      apiPathTo.accountsEndSession(aliceSession?.id ?? ''),
      mallory.accessToken,
    );

    expect(ended.statusCode).toBe(404);
    expect(await profileStatus(app, alice.accessToken)).toBe(200);
    expect((await sessionsOf(app, mallory.accessToken)).map((s) => s.id)).not.toContain(
      aliceSession?.id,
    );
    const unsigned = await app.inject({ method: 'GET', url: apiPaths.accountsSessions });
    expect(unsigned.statusCode).toBe(401);
    await reauthenticate(app, alice);
    const malformed = await post(
      app,
      apiPathTo.accountsEndSession('not-a-uuid'),
      alice.accessToken,
    );
    expect(malformed.statusCode).toBe(400);
  });
});
