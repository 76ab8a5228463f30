import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import { openPostgres, type Database } from '../../infra/db/index.js';
import { ALL_PRICES, seedTestCatalog } from '../../test/catalog.js';
import { describeEachEngine } from '../../test/index.js';

/**
 * Another session on the same database, as another process would have: on PostgreSQL a connection
 * of its own, so the cache can only learn of its writes through the database's notices.
 */
async function otherSession(
  database: Database,
): Promise<{ db: Database['db']; close(): Promise<void> }> {
  if (database.kind === 'pglite') return { db: database.db, close: async () => {} };
  const other = await openPostgres(String(database.client.options.connectionString));
  return { db: other.db, close: () => other.close() };
}

describeEachEngine('catalog answer caches', (ctx) => {
  beforeAll(async () => {
    await seedTestCatalog(ctx.database.db);
  });

  const urls = {
    search: `${apiPaths.offers}?${ALL_PRICES}&Search=fox`,
    detail: `${apiPaths.offersGetOne}?UrlName=red-fox&Currency=EUR`,
    latest: `${apiPaths.offersLatest}?Currency=EUR`,
  };

  it('answers a repeated call with the same bytes and type as the first', async () => {
    const app = await ctx.buildApp();
    for (const url of Object.values(urls)) {
      const first = await app.inject({ method: 'GET', url });
      const second = await app.inject({ method: 'GET', url });

      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      expect(second.body).toBe(first.body);
    }
  });

  it('shows a change made by another session at once in searches, offer pages and the latest offers', async () => {
    const app = await ctx.buildApp();
    const titles = async () => {
      const bodies = await Promise.all(
        Object.values(urls).map(async (url) => (await app.inject({ method: 'GET', url })).body),
      );
      return bodies.map((body) => body.includes('"Renamed fox"'));
    };
    expect(await titles()).toEqual([false, false, false]); // and now cached

    const other = await otherSession(ctx.database);
    try {
      await other.db.execute(
        sql`update offers set title = 'Renamed fox' where url_name = 'red-fox'`,
      );
    } finally {
      await other.close();
    }

    // The notice arrives asynchronously after the commit; within the cache's 30 s time to live.
    await expect.poll(titles, { timeout: 5_000 }).toEqual([true, true, true]);
  });

  it('keeps showing changes after losing its listening connection', async () => {
    if (ctx.database.kind !== 'postgres') return; // PGlite has no connections to lose
    const app = await ctx.buildApp();
    const detail = async () => (await app.inject({ method: 'GET', url: urls.detail })).body;
    await detail();

    // The listener is the only connection of this database waiting in LISTEN.
    await ctx.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'LISTEN %'`);
    await ctx.database.db.execute(
      sql`update offers set description = 'Described again' where url_name = 'red-fox'`,
    );

    await expect
      .poll(async () => (await detail()).includes('Described again'), { timeout: 10_000 })
      .toBe(true);
    // Listening again: a later change also shows.
    await ctx.database.db.execute(
      sql`update offers set description = 'Described a third time' where url_name = 'red-fox'`,
    );
    await expect
      .poll(async () => (await detail()).includes('Described a third time'), { timeout: 10_000 })
      .toBe(true);
  });
});
