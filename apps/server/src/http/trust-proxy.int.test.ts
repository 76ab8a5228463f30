import { randomInt } from 'node:crypto';
import { expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../app.js';
import { describeEachEngine } from '../test/index.js';

const LIMIT = 10;
const spoofed = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

/** A failed login (unknown address, so no per-email limit is reached) through the proxy. */
const loginThrough = (app: App, socket: string, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsLogin,
    remoteAddress: socket,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody-${randomInt(1e9)}@example.com`, password: 'whatever-it-is-123' },
  });

describeEachEngine('rate limits behind a proxy', (ctx) => {
  it('TRUST_PROXY=1: a client writing its own X-Forwarded-For still gets its own bucket, the address the proxy appended', async () => {
    const app = await ctx.buildApp({
      env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_IP_MAX: String(LIMIT) },
    });
    const balancer = '10.0.0.1';
    const client = '203.0.113.7';

    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      // The load balancer appends the address it was reached from to what the client sent.
      statuses.push((await loginThrough(app, balancer, `${spoofed()}, ${client}`)).statusCode);
    }
    const otherClient = await loginThrough(app, balancer, `${spoofed()}, 198.51.100.9`);

    expect(statuses.slice(0, LIMIT).every((status) => status === 400)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    expect(otherClient.statusCode).toBe(400);
  });

  it('TRUST_PROXY with addresses: only the named proxies are believed, not a client that reaches the server directly', async () => {
    const app = await ctx.buildApp({
      env: { TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT_IP_MAX: String(LIMIT) },
    });

    const direct = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      direct.push((await loginThrough(app, '198.51.100.20', spoofed())).statusCode);
    }
    const viaProxy = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      viaProxy.push((await loginThrough(app, '10.1.2.3', `${spoofed()}, 203.0.113.8`)).statusCode);
    }

    expect(direct[LIMIT]).toBe(429);
    expect(viaProxy[LIMIT]).toBe(429);
  });
});
