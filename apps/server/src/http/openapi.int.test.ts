import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachEngine } from '../test/index.js';

describeEachEngine('OpenAPI documentation', (ctx) => {
  it('serves an OpenAPI document generated from the route schemas at /api/docs/json', async () => {
    const app = await ctx.buildApp({
      beforeReady: (instance) => {
        instance.get(
          '/api/test/offers',
          { schema: { querystring: z.object({ Currency: z.enum(['EUR', 'USD']) }) } },
          async () => [],
        );
      },
    });

    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Pictura API');
    expect(document.paths['/api/health'].get.responses).toHaveProperty('200');
    expect(document.paths['/api/test/offers'].get.parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'Currency', required: true }),
    ]);
    // The documentation's own routes are not part of the API it documents.
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('serves the browsable documentation at /api/docs', async () => {
    const app = await ctx.buildApp();

    const response = await app.inject({ method: 'GET', url: '/api/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });
});
