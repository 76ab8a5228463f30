import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiPaths,
  OFFER_ATTRIBUTE_LOOKUP_MAX,
  OfferAttributeLookupListSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { buildTestApp, describeEachEngine } from '../../test/index.js';

describeEachEngine('GET /api/offers/attributes: the cart page prices its variant ids', (ctx) => {
  let app: App;
  let ids: Map<string, number[]>;

  beforeAll(async () => {
    ids = await seedTestCatalog(ctx.database.db);
    app = await buildTestApp({ database: ctx.database });
  });
  afterAll(async () => {
    await app.close();
  });

  const idsOf = (urlName: string) => {
    const found = ids.get(urlName);
    if (!found) throw new Error(`no test offer ${urlName}`);
    return found;
  };
  const lookUp = async (query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `${apiPaths.offerAttributes}?${query}`,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers each variant with its offer, its kind, its picture and its price in the currency', async () => {
    const [foxStandard, foxFull] = idsOf('red-fox');
    const [owlStandard] = idsOf('night-owl');

    const eur = await lookUp(`Ids=${owlStandard},${foxFull},${foxStandard}&Currency=EUR`);
    const usd = await lookUp(`Ids=${foxFull}&Currency=USD`);

    expect(eur.status).toBe(200);
    const found = OfferAttributeLookupListSchema.parse(eur.body);
    expect(
      found.map((a) => [a.urlName, a.title, a.kind, a.price.amount, a.price.currency]),
    ).toEqual([
      ['red-fox', 'Red Fox', 'standard', 500, 'EUR'],
      ['red-fox', 'Red Fox', 'full', 1500, 'EUR'],
      ['night-owl', 'Night Owl', 'standard', 900, 'EUR'],
    ]);
    expect(found[0]?.id).toBe(foxStandard);
    expect(found[0]?.image).toMatchObject({ width: 1600, height: 1000 });
    expect(found[0]?.image.previews[0]?.url).toMatch(/^\/api\/images\/[0-9a-f]{32}\/320\.webp$/);
    expect(OfferAttributeLookupListSchema.parse(usd.body)[0]?.price).toEqual({
      amount: 1800,
      currency: 'USD',
    });
  });

  it('leaves out unknown ids and variants of unpublished offers', async () => {
    const [hiddenStandard] = idsOf('hidden-fox');
    const [whale] = idsOf('blue-whale');

    const { status, body } = await lookUp(
      `Ids=${whale}&Ids=${hiddenStandard}&Ids=999999&Currency=EUR`,
    );

    expect(status).toBe(200);
    expect(OfferAttributeLookupListSchema.parse(body).map((a) => a.id)).toEqual([whale]);
  });

  it(`refuses no ids, ids that are not numbers, more than ${OFFER_ATTRIBUTE_LOOKUP_MAX}, and no currency`, async () => {
    const tooMany = Array.from({ length: OFFER_ATTRIBUTE_LOOKUP_MAX + 1 }, (_, i) => i + 1);
    for (const query of [
      'Currency=EUR',
      'Ids=1,abc&Currency=EUR',
      `Ids=${tooMany.join(',')}&Currency=EUR`,
      'Ids=1',
      'Ids=1&Currency=GBP',
    ]) {
      const { status, body } = await lookUp(query);
      expect(status, query).toBe(400);
      expect(body, query).toHaveProperty('errors');
    }
  });
});
