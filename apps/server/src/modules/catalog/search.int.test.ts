import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiPaths, LATEST_OFFERS_LIMIT, SearchOffersResponseSchema } from '@pictura/contract';
import type { App } from '../../app.js';
import { ALL_PRICES, seedTestCatalog, urlNamesOf } from '../../test/catalog.js';
import { buildTestApp, describeEachEngine } from '../../test/index.js';
import { offers } from './schema.js';

describeEachEngine('catalog API: search', (ctx) => {
  let app: App;

  // One app for the whole file: every test here only reads the catalog made here.
  beforeAll(async () => {
    await seedTestCatalog(ctx.database.db);
    // Microseconds as PostgreSQL's now() gives them, the order unchanged: times are truncated to
    // milliseconds in every answer.
    await ctx.database.db
      .update(offers)
      .set({ createdAt: sql`${offers.createdAt} + interval '999 microseconds'` });
    app = await buildTestApp({ database: ctx.database });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  describe('GET /api/offers', () => {
    it('lists published offers newest first by default, as one page with its total', async () => {
      const { status, body } = await get(`${apiPaths.offers}?${ALL_PRICES}`);

      expect(status).toBe(200);
      expect(SearchOffersResponseSchema.parse(body)).toMatchObject({
        total: 5,
        page: 1,
        pageSize: 24,
      });
      expect(urlNamesOf(body)).toEqual([
        'red-fox',
        'night-owl',
        'blue-whale',
        'neon-comet',
        'quiet-nebula',
      ]);
    });

    it('answers the text the contract schema serialises, byte for byte', async () => {
      const queries = [
        ALL_PRICES,
        'From=0&To=100000&Currency=USD&Sort=HighToLow&Page=2&PageSize=2',
        'From=0&To=1&Currency=EUR',
      ];
      for (const query of queries) {
        const response = await app.inject({ method: 'GET', url: `${apiPaths.offers}?${query}` });
        expect(response.statusCode).toBe(200);
        const parsed = SearchOffersResponseSchema.parse(response.json());
        expect(response.body).toBe(JSON.stringify(parsed));
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      }
    });

    it('writes each offer as the latest offers do (the contract schema over toSummary)', async () => {
      const [latest, search] = await Promise.all([
        app.inject({ method: 'GET', url: `${apiPaths.offersLatest}?Currency=USD` }),
        app.inject({
          method: 'GET',
          url: `${apiPaths.offers}?From=0&To=100000&Currency=USD&PageSize=${LATEST_OFFERS_LIMIT}`,
        }),
      ]);
      const items = (search.json() as { items: unknown[] }).items;
      expect(items).toHaveLength(5);
      expect(JSON.stringify(items)).toBe(latest.body);
      expect(latest.body).toMatch(/"createdAt":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/);
    });

    it.each([
      ['Orientation=Horizontal', ['red-fox', 'neon-comet']],
      ['Orientation=Vertical', ['night-owl', 'quiet-nebula']],
      ['Orientation=Square', ['blue-whale']],
      ['Style=Nature', ['red-fox', 'blue-whale']],
      ['Style=None', ['red-fox', 'night-owl', 'blue-whale', 'neon-comet', 'quiet-nebula']],
      ['Category=space', ['neon-comet', 'quiet-nebula']],
      ['Category=SPACE', ['neon-comet', 'quiet-nebula']],
      ['Category=empty', []],
      ['Category=unknown', []],
      ['Search=fox', ['red-fox']],
      ['Search=NEB', ['quiet-nebula']],
      ['Search=ocean', ['blue-whale']],
      ['Search=painted%20sky', ['neon-comet', 'quiet-nebula']],
      ['Search=%27%3A*%26!', ['red-fox', 'night-owl', 'blue-whale', 'neon-comet', 'quiet-nebula']],
      ['Search=', ['red-fox', 'night-owl', 'blue-whale', 'neon-comet', 'quiet-nebula']],
    ])('filters by %s', async (filter, expected) => {
      const { status, body } = await get(`${apiPaths.offers}?${ALL_PRICES}&${filter}`);

      expect(status).toBe(200);
      expect(urlNamesOf(body)).toEqual(expected);
      expect(body.total).toBe(expected.length);
    });

    it('filters by the cheapest price in the currency asked for, bounds included', async () => {
      const eur = await get(`${apiPaths.offers}?From=500&To=1500&Currency=EUR`);
      const usd = await get(`${apiPaths.offers}?From=500&To=1500&Currency=USD`);

      expect(urlNamesOf(eur.body)).toEqual(['red-fox', 'night-owl', 'blue-whale']);
      expect(urlNamesOf(usd.body)).toEqual(['red-fox', 'night-owl', 'quiet-nebula']);
      expect(usd.body.items[2].price).toEqual({ amount: 1000, currency: 'USD' });
    });

    it.each([
      ['LowToHigh', 'EUR', ['neon-comet', 'red-fox', 'night-owl', 'blue-whale', 'quiet-nebula']],
      ['HighToLow', 'EUR', ['quiet-nebula', 'blue-whale', 'night-owl', 'red-fox', 'neon-comet']],
      ['LowToHigh', 'USD', ['neon-comet', 'red-fox', 'night-owl', 'quiet-nebula', 'blue-whale']],
      ['HighToLow', 'USD', ['blue-whale', 'quiet-nebula', 'night-owl', 'red-fox', 'neon-comet']],
      ['NewToOld', 'USD', ['red-fox', 'night-owl', 'blue-whale', 'neon-comet', 'quiet-nebula']],
    ])('sorts %s by the cheapest variant in %s', async (sort, currency, expected) => {
      const { body } = await get(
        `${apiPaths.offers}?Sort=${sort}&From=0&To=100000&Currency=${currency}`,
      );

      expect(urlNamesOf(body)).toEqual(expected);
    });

    it('combines filters, sort and text search', async () => {
      const { body } = await get(
        `${apiPaths.offers}?Sort=HighToLow&Orientation=Horizontal&Style=Nature&From=100&To=1000&Currency=EUR&Category=animals&Search=red`,
      );
      const none = await get(`${apiPaths.offers}?Orientation=Vertical&Style=Nature&${ALL_PRICES}`);

      expect(urlNamesOf(body)).toEqual(['red-fox']);
      expect(none.body).toEqual({ items: [], total: 0, page: 1, pageSize: 24 });
    });

    it('pages through the results: full pages, a partial last page, and past the end', async () => {
      const pages = await Promise.all(
        [1, 2, 3, 4].map((page) => get(`${apiPaths.offers}?${ALL_PRICES}&PageSize=2&Page=${page}`)),
      );

      expect(pages.map(({ body }) => urlNamesOf(body))).toEqual([
        ['red-fox', 'night-owl'],
        ['blue-whale', 'neon-comet'],
        ['quiet-nebula'],
        [],
      ]);
      expect(pages.map(({ body }) => [body.total, body.page, body.pageSize])).toEqual([
        [5, 1, 2],
        [5, 2, 2],
        [5, 3, 2],
        [5, 4, 2],
      ]);
    });

    it('accepts PageSize 60 and refuses 61', async () => {
      expect((await get(`${apiPaths.offers}?${ALL_PRICES}&PageSize=60`)).body).toMatchObject({
        total: 5,
        pageSize: 60,
      });
      expect(await get(`${apiPaths.offers}?${ALL_PRICES}&PageSize=61`)).toMatchObject({
        status: 400,
        body: { errors: { PageSize: expect.any(String) } },
      });
    });

    it('refuses invalid enum values with one message per field', async () => {
      const { status, body } = await get(
        `${apiPaths.offers}?Sort=Cheapest&Orientation=Portrait&Style=Baroque&From=0&To=10&Currency=GBP`,
      );

      expect(status).toBe(400);
      expect(Object.keys(body.errors).sort()).toEqual(['Currency', 'Orientation', 'Sort', 'Style']);
    });

    it('refuses a request without From, To and Currency (docs/product/api.md)', async () => {
      const { status, body } = await get(apiPaths.offers);

      expect(status).toBe(400);
      expect(Object.keys(body.errors).sort()).toEqual(['Currency', 'From', 'To']);
    });

    it('refuses From greater than To', async () => {
      expect(await get(`${apiPaths.offers}?From=900&To=100&Currency=EUR`)).toMatchObject({
        status: 400,
        body: { errors: { From: 'From must not be greater than To' } },
      });
    });

    it('takes query names in any case', async () => {
      const { status, body } = await get(
        '/api/OFFERS?sort=LowToHigh&orientation=Vertical&from=0&to=100000&currency=USD&pagesize=1',
      );

      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 2, pageSize: 1 });
      expect(urlNamesOf(body)).toEqual(['night-owl']);
    });
  });
});
