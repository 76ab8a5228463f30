// The account's events as its owner reads them on the account page, and as another account (or
// nobody) cannot: each change writes its event in its own transaction, from the request's browser
// and network range (never the full address), and events go after 30 days (privacy/sweep.int.test.ts)
// or with the account.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  AccountEventListSchema,
  apiPaths,
  apiPathTo,
  type AccountEvent,
  type AccountEventKind,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  enrollTwoStep,
  loginWithCode,
  randomIp,
  reauthenticate,
  signUp,
  wrongCode,
  type TestUser,
} from '../../test/index.js';
import { userIdOf } from '../../test/payments.js';
import { ACCOUNT_EVENT_LIST_LIMIT } from './account-events.js';

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const events = async (app: App, user: Pick<TestUser, 'accessToken'>): Promise<AccountEvent[]> => {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.accountsEvents,
    headers: bearer(user.accessToken),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toContain('no-store');
  return AccountEventListSchema.parse(response.json());
};

const kinds = async (app: App, user: TestUser): Promise<AccountEventKind[]> =>
  (await events(app, user)).map((event) => event.kind);

const post = (app: App, user: TestUser, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: bearer(user.accessToken),
    remoteAddress: randomIp(),
    ...(payload === undefined ? {} : { payload }),
  });

describeEachEngine('account events', (ctx) => {
  it('shows the owner each sign-in, failed attempt and change with browser and network range, newest first', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const wrong = await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogin,
      remoteAddress: '203.0.113.57',
      headers: { 'user-agent': FIREFOX_ON_WINDOWS },
      payload: { email: user.email, password: 'not-the-password-at-all' },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogin,
      remoteAddress: '2001:db8:ab:cd::5',
      payload: { email: user.email, password: user.password },
    });
    expect(right.statusCode).toBe(200);

    const [signedIn, failed] = await events(app, user);
    expect(failed).toMatchObject({
      kind: 'signInFailed',
      browser: 'Firefox',
      os: 'Windows',
      ipRange: '203.0.113.0/24',
    });
    expect(signedIn).toMatchObject({ kind: 'signedIn', ipRange: '2001:db8:ab::/48' });

    const { secret } = await enrollTwoStep(app, user);
    expect((await loginWithCode(app, user, await wrongCode(secret))).statusCode).toBe(400);
    await reauthenticate(app, user);
    expect((await post(app, user, apiPathTo.accountsTwoStepRecoveryCodes())).statusCode).toBe(200);
    expect((await post(app, user, apiPathTo.accountsEndOtherSessions())).statusCode).toBe(200);
    const newPassword = 'copper-Meadow-58-violin';
    const changed = await post(app, user, apiPaths.accountsChangePassword, {
      currentPassword: user.password,
      password: newPassword,
      repeatedPassword: newPassword,
    });
    expect(changed.statusCode).toBe(200);

    expect(await kinds(app, user)).toEqual([
      'passwordChanged',
      'sessionsEnded',
      'recoveryCodesRenewed',
      'codeFailed',
      'twoStepOn',
      'signedIn',
      'signInFailed',
      'signedIn', // the sign-up's own session
    ]);
    const body = JSON.stringify(await events(app, user));
    expect(body).not.toContain('203.0.113.57');
    expect(body).not.toContain('2001:db8:ab:cd');
  });

  it('shows another account none of them, and nobody signed out anything', async () => {
    const app = await ctx.buildApp();
    const alice = await signUp(app);
    const bob = await signUp(app);
    await enrollTwoStep(app, alice);

    expect(await kinds(app, alice)).toEqual(['twoStepOn', 'signedIn']);
    const bobs = await events(app, bob);
    expect(bobs.map((event) => event.kind)).toEqual(['signedIn']);
    const alices = new Set((await events(app, alice)).map((event) => event.id));
    expect(bobs.some((event) => alices.has(event.id))).toBe(false);

    const anonymous = await app.inject({ method: 'GET', url: apiPaths.accountsEvents });
    expect(anonymous.statusCode).toBe(401);
    // There is no id to ask for: a path naming one is no route at all.
    const someoneElses = await app.inject({
      method: 'GET',
      url: `${apiPaths.accountsEvents}/${alices.values().next().value}`,
      headers: bearer(bob.accessToken),
    });
    expect(someoneElses.statusCode).toBe(404);
  });

  it('records nothing for a change that was refused', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await reauthenticate(app, user);
    // New recovery codes while two-step sign-in is off: refused, and no event.
    expect((await post(app, user, apiPathTo.accountsTwoStepRecoveryCodes())).statusCode).toBe(400);
    const ended = await post(app, user, apiPathTo.accountsEndSession(crypto.randomUUID()));
    expect(ended.statusCode).toBe(404);
    expect(await kinds(app, user)).toEqual(['signedIn']);
  });

  it('records a data export asked for', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await reauthenticate(app, user);
    expect((await post(app, user, apiPaths.privacyExports)).statusCode).toBe(202);
    expect(await kinds(app, user)).toEqual(['dataExportRequested', 'signedIn']);
  });

  it('lists the newest 100 however many failed sign-ins a stranger adds', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await ctx.database.db.execute(sql`
      insert into account_events (user_id, kind, at)
      select ${userIdOf(user)}, 'signInFailed', now() - make_interval(secs => n)
      from generate_series(1, 150) as n`);
    await reauthenticate(app, user);
    expect((await post(app, user, apiPaths.privacyExports)).statusCode).toBe(202);
    const listed = await events(app, user);
    expect(listed).toHaveLength(ACCOUNT_EVENT_LIST_LIMIT);
    expect(listed[0]?.kind).toBe('dataExportRequested');
  });

  it('hides events older than 30 days at once', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await ctx.database.db.execute(sql`
      update account_events set at = at - interval '30 days 1 minute'
      where user_id = ${userIdOf(user)}`);
    expect(await events(app, user)).toEqual([]);
  });

  it("goes with the account: deletion removes its events and no one else's", async () => {
    const app = await ctx.buildApp();
    const db = ctx.database.db;
    const user = await signUp(app);
    const other = await signUp(app);
    await reauthenticate(app, user);
    const deleted = await post(app, user, apiPaths.privacyAccountDeletion, {
      password: user.password,
    });
    expect(deleted.statusCode).toBe(200);
    const count = (userId: string) =>
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from account_events where user_id = ${userId}`,
      );
    expect((await count(userIdOf(user))).rows).toEqual([{ n: 0 }]);
    expect((await count(userIdOf(other))).rows).toEqual([{ n: 1 }]);
  });
});
