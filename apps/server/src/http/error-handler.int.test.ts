import { expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../app.js';
import { BODY_LIMIT_BYTES } from '../app.js';
import { describeEachEngine } from '../test/index.js';
import { AppError } from '../lib/index.js';

const OrderSchema = z
  .object({
    email: z.email('Enter a valid email address.'),
    items: z
      .array(z.object({ id: z.number().int('Whole numbers only.') }))
      .min(1, 'Add at least one item.'),
    password: z.string(),
    repeatedPassword: z.string(),
  })
  .refine((body) => body.password === body.repeatedPassword, 'The passwords do not match.');

const QuerySchema = z.object({ Currency: z.enum(['EUR', 'USD']), UrlName: z.string().min(1) });

/** Test-only routes, added before the app is ready like any module's routes. */
function addTestRoutes(app: App): void {
  app.post('/api/test/orders', { schema: { body: OrderSchema } }, async (request) => ({
    count: request.body.items.length,
  }));
  app.get(
    '/api/test/offer',
    { schema: { querystring: QuerySchema } },
    async (request) => request.query,
  );
  app.get('/api/test/boom', async () => {
    throw new Error('connection to 10.0.0.7 refused; secret=hunter2');
  });
  app.get('/api/test/taken', async () => {
    throw new AppError('CONFLICT', { email: 'This email is already registered.' });
  });
  app.get('/api/test/unavailable', async () => {
    throw AppError.general('SERVICE_UNAVAILABLE', 'Payments are paused for maintenance.');
  });
}

describeEachEngine('error responses', (ctx) => {
  const app = () => ctx.buildApp({ beforeReady: addTestRoutes });

  it('answers a body that fails its schema with 400 and a map of field path to message', async () => {
    const response = await (
      await app()
    ).inject({
      method: 'POST',
      url: '/api/test/orders',
      payload: {
        email: 'not-an-email',
        items: [{ id: 7 }, { id: 1.5 }],
        password: 'a',
        repeatedPassword: 'a',
      },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { email: 'Enter a valid email address.', 'items.1.id': 'Whole numbers only.' },
    });
  });

  it('puts an issue about the body as a whole under the empty key', async () => {
    const instance = await app();
    const valid = { email: 'ana@example.com', items: [{ id: 7 }] };

    const mismatch = await instance.inject({
      method: 'POST',
      url: '/api/test/orders',
      payload: { ...valid, password: 'a', repeatedPassword: 'b' },
    });
    const notAnObject = await instance.inject({
      method: 'POST',
      url: '/api/test/orders',
      payload: [valid],
    });

    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ errors: { '': 'The passwords do not match.' } });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toEqual({
      errors: { '': 'Invalid input: expected object, received array' },
    });
  });

  it('fills query parameters whatever the case of their names', async () => {
    const response = await (
      await app()
    ).inject({
      method: 'GET',
      url: '/API/TEST/OFFER?currency=USD&urlname=sunset-over-kyoto',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Currency: 'USD', UrlName: 'sunset-over-kyoto' });
  });

  it('names the query parameter in the schema spelling when it is invalid', async () => {
    const response = await (
      await app()
    ).inject({ method: 'GET', url: '/api/test/offer?CURRENCY=GBP&UrlName=x' });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['Currency']);
  });

  it('answers a body that is not JSON with 400 and a general message', async () => {
    const response = await (
      await app()
    ).inject({
      method: 'POST',
      url: '/api/test/orders',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { '': 'The request body is not valid JSON.' } });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await (
      await app()
    ).inject({
      method: 'POST',
      url: '/api/test/orders',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: { '': 'The request body is too large.' } });
  });

  it('answers an unknown API path with a JSON 404, even for a browser', async () => {
    const response = await (
      await app()
    ).inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { accept: 'text/html' },
    });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ errors: { '': 'Not found' } });
  });

  it('answers an unexpected failure with 500, the request id and nothing of the cause', async () => {
    const response = await (await app()).inject({ method: 'GET', url: '/api/test/boom' });

    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json()).toEqual({
      errors: { '': 'An unexpected server error occurred.' },
      requestId,
    });
    expect(response.body).not.toMatch(/hunter2|10\.0\.0\.7|refused|at .*\.ts/);
  });

  it('answers a domain error with its status and fields', async () => {
    const instance = await app();

    const taken = await instance.inject({ method: 'GET', url: '/api/test/taken' });
    const unavailable = await instance.inject({ method: 'GET', url: '/api/test/unavailable' });

    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: { email: 'This email is already registered.' } });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({
      errors: { '': 'Payments are paused for maintenance.' },
      requestId: unavailable.headers['x-request-id'],
    });
  });

  it('keeps a well-formed incoming request id and replaces any other', async () => {
    const instance = await app();

    const kept = await instance.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    const replaced = await instance.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'not a valid id; has spaces' },
    });

    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
