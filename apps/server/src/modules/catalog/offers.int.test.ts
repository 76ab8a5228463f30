import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  CategoryListSchema,
  OfferDetailSchema,
  OfferListSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { buildTestApp, describeEachEngine } from '../../test/index.js';
import { priceAttributes } from './index.js';

describeEachEngine('catalog API: categories and offers', (ctx) => {
  let app: App;
  let attributeIds: Map<string, number[]>;

  // One app for the whole file: every test here only reads the catalog made here.
  beforeAll(async () => {
    attributeIds = await seedTestCatalog(ctx.database.db);
    app = await buildTestApp({ database: ctx.database });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  describe('GET /api/categories', () => {
    it('lists the categories in order with their names and numbers of published offers', async () => {
      const { status, body } = await get(apiPaths.categories);

      expect(status).toBe(200);
      const categories = CategoryListSchema.parse(body);
      expect(categories.map((c) => [c.urlName, c.offerCount])).toEqual([
        ['animals', 3],
        ['space', 2],
        ['empty', 0],
      ]);
      expect(categories[0]?.names).toEqual({ en: 'Animals', es: 'Animales', ja: '動物' });
    });
  });

  describe('GET /api/offers/latest', () => {
    it('gives the newest published offers first, priced in the currency asked for', async () => {
      const eur = await get(`${apiPaths.offersLatest}?Currency=EUR`);
      const usd = await get(`${apiPaths.offersLatest}?Currency=USD`);

      expect(eur.status).toBe(200);
      const latest = OfferListSchema.parse(eur.body);
      expect(latest.map((offer) => offer.urlName)).toEqual([
        'red-fox',
        'night-owl',
        'blue-whale',
        'neon-comet',
        'quiet-nebula',
      ]);
      expect(latest[0]).toMatchObject({
        title: 'Red Fox',
        style: 'Nature',
        orientation: 'Horizontal',
        categoryName: 'animals',
        price: { amount: 500, currency: 'EUR' },
      });
      expect(OfferListSchema.parse(usd.body)[0]?.price).toEqual({ amount: 600, currency: 'USD' });
    });

    it('gives each picture its size, placeholder and previews no wider than the original', async () => {
      const { body } = await get(`${apiPaths.offersLatest}?Currency=EUR`);
      const [fox, owl] = OfferListSchema.parse(body);

      expect(fox?.image).toMatchObject({
        width: 1600,
        height: 1000,
        placeholder: 'data:image/webp;base64,AAAA',
      });
      expect(fox?.image.previews.map((p) => `${p.width}.${p.format}`)).toEqual([
        '320.webp',
        '320.avif',
        '640.webp',
        '640.avif',
        '960.webp',
        '960.avif',
        '1280.webp',
        '1280.avif',
      ]);
      expect(fox?.image.previews[0]?.url).toBe(`/api/images/${'0'.repeat(32)}/320.webp`);
      expect(owl?.image.previews.map((p) => p.width)).toEqual([320, 320, 640, 640, 960, 960]);
    });

    it('refuses a missing or unknown currency with the field map', async () => {
      expect(await get(apiPaths.offersLatest)).toMatchObject({
        status: 400,
        body: { errors: { Currency: expect.any(String) } },
      });
      expect(await get(`${apiPaths.offersLatest}?Currency=GBP`)).toMatchObject({
        status: 400,
        body: { errors: { Currency: expect.any(String) } },
      });
    });
  });

  describe('GET /api/offers/get-one', () => {
    it('gives the full offer with its variants priced in the currency, cheapest first', async () => {
      const { status, body } = await get(`${apiPaths.offersGetOne}?UrlName=night-owl&Currency=USD`);

      expect(status).toBe(200);
      const offer = OfferDetailSchema.parse(body);
      expect(offer).toMatchObject({
        urlName: 'night-owl',
        orientation: 'Vertical',
        description: 'Night Owl, painted for the test catalogue.',
        tags: ['bird'],
        price: { amount: 800, currency: 'USD' },
      });
      expect(offer.attributes).toEqual([
        {
          id: attributeIds.get('night-owl')![0],
          kind: 'standard',
          name: 'Standard download',
          price: { amount: 800, currency: 'USD' },
        },
        {
          id: attributeIds.get('night-owl')![1],
          kind: 'full',
          name: 'Full resolution with commercial licence',
          price: { amount: 2400, currency: 'USD' },
        },
      ]);
    });

    it('matches paths, query names and the url name without regard to case', async () => {
      const { status, body } = await get('/API/Offers/GET-ONE?urlname=Blue-Whale&currency=EUR');

      expect(status).toBe(200);
      expect(body).toMatchObject({ urlName: 'blue-whale', orientation: 'Square' });
    });

    it('answers 404 for an unknown and for an unpublished offer', async () => {
      expect(
        await get(`${apiPaths.offersGetOne}?UrlName=no-such-picture&Currency=EUR`),
      ).toMatchObject({ status: 404, body: { errors: { '': 'Not found' } } });
      expect((await get(`${apiPaths.offersGetOne}?UrlName=hidden-fox&Currency=EUR`)).status).toBe(
        404,
      );
    });

    it('refuses a missing UrlName and Currency with the field map (docs/product/api.md)', async () => {
      const { status, body } = await get(apiPaths.offersGetOne);

      expect(status).toBe(400);
      expect(Object.keys(body.errors).sort()).toEqual(['Currency', 'UrlName']);
    });
  });

  describe('priceAttributes (for carts and orders)', () => {
    it('prices the variants of published offers and leaves out unknown and hidden ones', async () => {
      const [foxStandard, foxFull] = attributeIds.get('red-fox')!;
      const [hidden] = attributeIds.get('hidden-fox')!;

      const priced = await priceAttributes(
        ctx.database.db,
        [foxFull!, hidden!, 999_999, foxStandard!, foxFull!],
        'USD',
      );

      expect(priced).toEqual([
        {
          id: foxStandard,
          kind: 'standard',
          name: 'Standard download',
          price: { amount: 600, currency: 'USD' },
          offerId: expect.any(Number),
          offerUrlName: 'red-fox',
          offerTitle: 'Red Fox',
        },
        {
          id: foxFull,
          kind: 'full',
          name: 'Full resolution with commercial licence',
          price: { amount: 1800, currency: 'USD' },
          offerId: expect.any(Number),
          offerUrlName: 'red-fox',
          offerTitle: 'Red Fox',
        },
      ]);
      expect(await priceAttributes(ctx.database.db, [], 'EUR')).toEqual([]);
    });
  });
});
