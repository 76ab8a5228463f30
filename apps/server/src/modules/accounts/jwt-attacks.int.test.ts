// Forged access tokens, minted here with the app's real derived key so that each
// case differs from a valid token in one respect only. sessions.int.test.ts covers alg none, a
// foreign key and a tampered payload; this file covers what needs the real key to be meaningful.
import { decodeJwt, SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { deriveKey } from '../../infra/secret.js';
import { bearer, describeEachEngine, signUp, testConfig } from '../../test/index.js';

const config = testConfig();
const realKey = deriveKey(config.jwtSecret ?? '', 'access-token');
const issuer = config.publicUrl;
const audience = `${config.publicUrl}/api`;

interface Forgery {
  alg?: string;
  typ?: string | null;
  iss?: string;
  aud?: string;
  /** Seconds from now; negative is in the past. */
  expIn?: number;
  withSession?: boolean;
  key?: Uint8Array;
}

/** A token for the user of `model` that is valid unless `forgery` says otherwise. */
async function mint(model: string, forgery: Forgery = {}): Promise<string> {
  const { sub, sid } = decodeJwt(model);
  const now = Math.floor(Date.now() / 1000);
  const typ = forgery.typ === undefined ? 'at+jwt' : forgery.typ;
  const jwt = new SignJWT(forgery.withSession === false ? {} : { sid })
    .setProtectedHeader({ alg: forgery.alg ?? 'HS256', ...(typ === null ? {} : { typ }) })
    .setSubject(sub ?? '')
    .setIssuer(forgery.iss ?? issuer)
    .setAudience(forgery.aud ?? audience)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (forgery.expIn ?? 60));
  return jwt.sign(forgery.key ?? realKey);
}

const profileWith = (app: App, token: string) =>
  app.inject({ method: 'GET', url: apiPaths.accountsProfile, headers: bearer(token) });

describeEachEngine('forged access tokens', (ctx) => {
  it('accepts a token minted here with the real key (so the refusals below are not about the key)', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const response = await profileWith(app, await mint(user.accessToken));

    expect(response.statusCode).toBe(200);
  });

  it.each<[string, Forgery]>([
    ['expired one second ago', { expIn: -1 }],
    ['for another issuer', { iss: 'https://evil.example' }],
    ['for another audience', { aud: `${issuer}/admin` }],
    ['with HS512 under the same key', { alg: 'HS512' }],
    ['without the at+jwt type', { typ: null }],
    ['typed as a plain JWT', { typ: 'JWT' }],
    ['without a session', { withSession: false }],
    ['signed with the reset-code key', { key: deriveKey(config.jwtSecret ?? '', 'reset-code') }],
  ])('answers 401 to a token %s', async (_name, forgery) => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const response = await profileWith(app, await mint(user.accessToken, forgery));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: { '': 'Authentication is required.' } });
  });

  it('answers 401 to a real token whose payload was edited or whose signature was cut off', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const [header = '', payload = '', signature = ''] = user.accessToken.split('.');
    const claims = decodeJwt(user.accessToken);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    // A later expiry is the edit an attacker holding a stolen token would try first.
    const extended = `${header}.${encode({ ...claims, exp: (claims.exp ?? 0) + 3_600 })}.${signature}`;
    const unsigned = `${header}.${payload}.`;
    const noneHeader = `${encode({ alg: 'none', typ: 'at+jwt' })}.${payload}.${signature}`;

    for (const token of [extended, unsigned, noneHeader]) {
      expect((await profileWith(app, token)).statusCode).toBe(401);
    }
    expect((await profileWith(app, user.accessToken)).statusCode).toBe(200);
  });
});
