import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../app.js';
import { buildTestApp, describeEachEngine } from '../test/index.js';
import { routeRateLimit } from './rate-limit.js';

const TOO_MANY = { errors: { '': 'Too many requests.' } };

const healthFrom = (app: App, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/api/health', remoteAddress });

describeEachEngine('rate limit', (ctx) => {
  it('answers 429 with the spec message once a client has made RATE_LIMIT_MAX API requests in a minute', async () => {
    const app = await ctx.buildApp({ env: { RATE_LIMIT_MAX: '3' } });

    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await healthFrom(app, '10.0.0.1')).statusCode);
    const refused = await healthFrom(app, '10.0.0.1');

    expect(allowed).toEqual([200, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each client on its own', async () => {
    const app = await ctx.buildApp({ env: { RATE_LIMIT_MAX: '1' } });

    await healthFrom(app, '10.0.0.1');
    const sameClient = await healthFrom(app, '10.0.0.1');
    const otherClient = await healthFrom(app, '10.0.0.2');

    expect(sameClient.statusCode).toBe(429);
    expect(otherClient.statusCode).toBe(200);
  });

  it('counts unknown API paths too, but not pages and files outside /api', async () => {
    const app = await ctx.buildApp({ env: { RATE_LIMIT_MAX: '1' } });

    const guess = await app.inject({ method: 'GET', url: '/api/admin', remoteAddress: '10.0.0.3' });
    const afterGuess = await healthFrom(app, '10.0.0.3');
    const file = await app.inject({
      method: 'GET',
      url: '/favicon.ico',
      remoteAddress: '10.0.0.3',
    });

    expect(guess.statusCode).toBe(404);
    expect(afterGuess.statusCode).toBe(429);
    expect(file.statusCode).toBe(404);
  });

  it('lets a route set a tighter limit of its own', async () => {
    const app = await ctx.buildApp({
      beforeReady: (instance) => {
        instance.post('/api/test/login', { config: routeRateLimit(2) }, async () => ({ ok: true }));
      },
    });

    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/test/login', remoteAddress: '10.0.0.4' }))
          .statusCode,
      );
    }
    const elsewhere = await healthFrom(app, '10.0.0.4');

    expect(statuses).toEqual([200, 200, 429]);
    expect(elsewhere.statusCode).toBe(200);
  });
});

describeEachEngine('rate limit with Redis unreachable', (ctx) => {
  it('counts in the process instead: the 11th login in a minute is still refused', async () => {
    // Nothing listens on port 1: every Redis command fails.
    const app = await ctx.buildApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });

    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const login = await app.inject({
        method: 'POST',
        url: apiPaths.accountsLogin,
        remoteAddress: '10.9.9.9',
        payload: { email: `nobody-${i}@example.com`, password: 'whatever-it-is-123' },
      });
      statuses.push(login.statusCode);
    }
    const health = await healthFrom(app, '10.9.9.8');

    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(health.statusCode).toBe(200);
  });
});

// Needs a Redis server: TEST_REDIS_URL=redis://127.0.0.1:6379
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('rate limit stored in Redis', () => {
  it('is shared by several API processes', async () => {
    const env = { RATE_LIMIT_MAX: '2', REDIS_URL: redisUrl ?? '' };
    const first = await buildTestApp({ env });
    const second = await buildTestApp({ env });
    // A client address of its own, so earlier runs' counters in the same Redis do not interfere.
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    try {
      const statuses = [
        (await healthFrom(first, client)).statusCode,
        (await healthFrom(second, client)).statusCode,
        (await healthFrom(first, client)).statusCode,
      ];
      const refused = await healthFrom(second, client);

      expect(statuses).toEqual([200, 200, 429]);
      expect(refused.json()).toEqual(TOO_MANY);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
