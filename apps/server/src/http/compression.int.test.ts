import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/index.js';

const BIG = { items: Array.from({ length: 200 }, (_, n) => ({ n, title: `Picture number ${n}` })) };

describeEachEngine('response compression', (ctx) => {
  it('compresses a JSON answer for clients that accept br or gzip, and only for them', async () => {
    const app = await ctx.buildApp();
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const [br, gzip, plain] = await Promise.all([get('gzip, deflate, br'), get('gzip'), get()]);

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
  });

  it("lets a route's own onSend hooks (idempotency) see the JSON before it is compressed", async () => {
    const seen: string[] = [];
    const app = await ctx.buildApp({
      beforeReady: (instance) => {
        instance.post(
          '/api/test/big',
          {
            onSend: async (_request, _reply, payload) => {
              seen.push(typeof payload === 'string' ? payload : 'not a string');
              return payload;
            },
          },
          async () => BIG,
        );
      },
    });

    const response = await app.inject({
      method: 'POST',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip' },
      payload: {},
    });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(BIG);
    expect(seen).toEqual([JSON.stringify(BIG)]);
  });

  it('does not decompress request bodies', async () => {
    const app = await ctx.buildApp({
      beforeReady: (instance) => {
        instance.post('/api/test/echo', async (request) => ({ body: request.body }));
      },
    });

    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ hello: 'world' })),
    });

    expect(response.statusCode).toBe(400);
  });
});
