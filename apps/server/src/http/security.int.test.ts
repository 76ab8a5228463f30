import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../app.js';
import { describeEachEngine } from '../test/index.js';
import { CSP_DIRECTIVES } from './security.js';

function cspDirectives(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  expect(cspDirectives(response)).toEqual(CSP_DIRECTIVES);
  expect(cspDirectives(response)).toMatchObject({
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'script-src': ["'self'"],
  });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(response.headers['x-powered-by']).toBeUndefined();
}

const addTestRoutes = (app: App) => {
  app.get('/api/test/boom', async () => {
    throw new Error('boom');
  });
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string() }) } },
    async (request) => request.body,
  );
};

describeEachEngine('security headers', (ctx) => {
  it('are on a successful response', async () => {
    const app = await ctx.buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it('are on a 404', async () => {
    const app = await ctx.buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });

    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
  });

  it('are on a 400 for a broken body', async () => {
    const app = await ctx.buildApp({ beforeReady: addTestRoutes });
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });

    expect(response.statusCode).toBe(400);
    expectSecurityHeaders(response);
  });

  it('are on a 500', async () => {
    const app = await ctx.buildApp({ beforeReady: addTestRoutes });
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });

    expect(response.statusCode).toBe(500);
    expectSecurityHeaders(response);
  });

  it('are on a 429', async () => {
    const app = await ctx.buildApp({ env: { RATE_LIMIT_MAX: '1' } });
    await app.inject({ method: 'GET', url: '/api/health' });
    const response = await app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(429);
    expectSecurityHeaders(response);
  });
});
