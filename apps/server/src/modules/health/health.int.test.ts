import { expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, describeEachEngine } from '../../test/index.js';

describeEachEngine('GET /api/health', (ctx) => {
  it('reports ok while the database answers', async () => {
    const app = await ctx.buildApp();

    const response = await app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('matches the path without regard to case', async () => {
    const app = await ctx.buildApp();

    const response = await app.inject({ method: 'GET', url: '/API/HEALTH' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('reports unhealthy with 503 once the database is gone', async () => {
    // A database of its own: closing the file's shared one would break the other tests.
    const { database, dispose } = await createTestDatabase(ctx.engine);
    const app = await buildTestApp({ database });
    try {
      await database.close();

      const response = await app.inject({ method: 'GET', url: '/api/health' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unhealthy', database: 'down' });
    } finally {
      await app.close();
      await dispose();
    }
  });
});
