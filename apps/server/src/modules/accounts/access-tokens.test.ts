import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens.js';

const key = new Uint8Array(32).fill(7);
const options = { key, issuer: 'https://shop.example', audience: 'https://shop.example/api' };
const tokens = createAccessTokens({ ...options, ttlSeconds: 900 });
const claims = { userId: randomUUID(), sessionId: randomUUID() };

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('carry the user and the session, signed with HS256 as at+jwt', async () => {
    const token = await tokens.sign(claims);

    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('expire after their lifetime', async () => {
    const token = await tokens.sign(claims);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 901_000 });

    expect(await tokens.verify(token)).toBeNull();
  });

  it('are refused when minted for another issuer or audience', async () => {
    const otherIssuer = createAccessTokens({
      ...options,
      issuer: 'https://evil.example',
      ttlSeconds: 60,
    });
    const otherAudience = createAccessTokens({
      ...options,
      audience: 'https://shop.example/admin',
      ttlSeconds: 60,
    });

    expect(await tokens.verify(await otherIssuer.sign(claims))).toBeNull();
    expect(await tokens.verify(await otherAudience.sign(claims))).toBeNull();
  });

  it('are refused without the at+jwt type, a session, or with an algorithm not allowed', async () => {
    const base = () =>
      new SignJWT({ sid: claims.sessionId })
        .setSubject(claims.userId)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt()
        .setExpirationTime('1m');
    const untyped = await base().setProtectedHeader({ alg: 'HS256' }).sign(key);
    const hs512 = await base()
      .setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' })
      .sign(new Uint8Array(64).fill(7));
    const noSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(claims.userId)
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key);

    for (const token of [untyped, hs512, noSession]) expect(await tokens.verify(token)).toBeNull();
  });
});
