// Re-authentication ("sudo mode") for integration tests: proving it is you again through the API,
// as the web app's dialog does, and letting the proof grow old without waiting for it.
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { apiPaths, type ReauthenticateRequest } from '@pictura/contract';
import type { App } from '../app.js';
import { bearer, randomIp, type TestUser } from './accounts.js';
import { databaseOfTestApp } from './app-registry.js';

/** POST /api/accounts/reauthenticate with the user's password, or the proof given. */
export const sendReauthentication = (
  app: App,
  user: Pick<TestUser, 'accessToken' | 'password'>,
  proof: ReauthenticateRequest = { password: user.password },
) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsReauthenticate,
    headers: bearer(user.accessToken),
    remoteAddress: randomIp(),
    payload: proof,
  });

/** Re-authenticates the user's session with its password; throws unless it is accepted. */
export async function reauthenticate(
  app: App,
  user: Pick<TestUser, 'accessToken' | 'password'>,
): Promise<void> {
  const response = await sendReauthentication(app, user);
  if (response.statusCode !== 200) {
    throw new Error(`re-authentication failed with ${response.statusCode}: ${response.body}`);
  }
}

/** The session (refresh-token family) an access token belongs to. */
export const sessionIdOf = (accessToken: string): string =>
  z.uuid().parse(decodeJwt(accessToken).sid);

/**
 * Moves the session's last re-authentication `minutes` into the past, as if that much time had
 * gone by since (the server reads the clock; the tests do not wait ten minutes).
 */
export async function ageReauthentication(
  app: App,
  accessToken: string,
  minutes: number,
): Promise<void> {
  const { rows } = await databaseOfTestApp(app).db.execute<{ id: string }>(sql`
    update refresh_token_families
    set reauthenticated_at = reauthenticated_at - make_interval(secs => ${minutes * 60})
    where id = ${sessionIdOf(accessToken)} and reauthenticated_at is not null
    returning id`);
  if (rows.length === 0) throw new Error('the session has not re-authenticated');
}
