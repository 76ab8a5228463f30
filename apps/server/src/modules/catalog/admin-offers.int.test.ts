// An admin uploads a picture, makes an offer of it, prices it and puts it on sale;
// the shop's search follows every step.
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adminApiPaths,
  AdminCategoryListSchema,
  AdminOfferListSchema,
  AdminOfferSchema,
  apiPaths,
  AuditListSchema,
  SearchOffersResponseSchema,
  UploadedImageSchema,
  withId,
  type OfferCreateInput,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { categories } from './schema.js';
import {
  bearer,
  buildTestApp,
  describeEachEngine,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';

describeEachEngine('catalog back office: offers', (ctx) => {
  let app: App;
  let admin: TestUser;
  let animalsId: number;
  let spaceId: number;

  // One app for the file; every test makes offers of its own.
  beforeAll(async () => {
    await seedTestCatalog(ctx.database.db);
    app = await buildTestApp({ database: ctx.database });
    admin = await signUpAdmin(app, ctx.database.db);
    const categories = AdminCategoryListSchema.parse(
      (await call('GET', adminApiPaths.catalogCategories)).body,
    );
    animalsId = categories.find((c) => c.urlName === 'animals')!.id;
    spaceId = categories.find((c) => c.urlName === 'space')!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    const response = await app.inject({ method, url, payload, headers: bearer(admin.accessToken) });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  let colour = 0;
  async function upload(width = 900, height = 600) {
    colour += 1;
    const bytes = await sharp({
      create: { width, height, channels: 3, background: { r: colour, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const response = await app.inject({
      method: 'POST',
      url: adminApiPaths.catalogImages,
      payload: bytes,
      headers: { ...bearer(admin.accessToken), 'content-type': 'image/jpeg' },
    });
    expect(response.statusCode).toBe(200);
    return UploadedImageSchema.parse(response.json());
  }

  const offerInput = (imageKey: string, overrides: Partial<OfferCreateInput> = {}) => ({
    title: 'Amber Lynx',
    description: 'A lynx at dusk.',
    urlName: 'amber-lynx',
    categoryId: animalsId,
    style: 'Nature',
    tags: ['Cat', 'forest'],
    source: { type: 'upload', imageKey },
    variants: [
      { kind: 'standard', prices: { EUR: 700, USD: 800 } },
      { kind: 'full', prices: { EUR: 2100, USD: 2400 } },
    ],
    ...overrides,
  });

  const search = async (query: string) =>
    SearchOffersResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `${apiPaths.offers}?${query}` })).json(),
    );
  const cheapestFirst = 'Sort=LowToHigh&From=0&To=1000000&Currency=EUR&PageSize=60';

  it('makes an unpublished offer of an upload, publishes it, prices it and unpublishes it', async () => {
    const picture = await upload(900, 600);
    expect(picture).toMatchObject({ width: 900, height: 600, orientation: 'Horizontal' });

    const created = await call('POST', adminApiPaths.catalogOffers, offerInput(picture.imageKey));
    expect(created.status).toBe(200);
    const offer = AdminOfferSchema.parse(created.body);
    expect(offer).toMatchObject({
      urlName: 'amber-lynx',
      published: false,
      orientation: 'Horizontal',
      categoryUrlName: 'animals',
      tags: ['cat', 'forest'],
      prompt: '',
      minPrices: { EUR: 700, USD: 800 },
      variants: [
        { kind: 'standard', prices: { EUR: 700, USD: 800 } },
        { kind: 'full', prices: { EUR: 2100, USD: 2400 } },
      ],
    });
    expect(offer.image.previews[0]?.url).toContain(picture.imageKey);
    expect((await search(`${cheapestFirst}&Search=lynx`)).items).toEqual([]);

    const published = await call('POST', withId(adminApiPaths.catalogOfferPublish, offer.id));
    expect(AdminOfferSchema.parse(published.body).published).toBe(true);
    const found = await search(`${cheapestFirst}&Search=lynx`);
    expect(found.items.map((item) => [item.urlName, item.price.amount])).toEqual([
      ['amber-lynx', 700],
    ]);

    // The cheapest offer of the gallery is hidden-fox's 1.00 only while unpublished; make ours 0.50.
    const repriced = await call('PUT', withId(adminApiPaths.catalogOfferVariants, offer.id), [
      { kind: 'standard', prices: { EUR: 50, USD: 60 } },
      { kind: 'full', prices: { EUR: 2100, USD: 2400 } },
    ]);
    expect(repriced.status).toBe(200);
    const after = AdminOfferSchema.parse(repriced.body);
    expect(after.minPrices).toEqual({ EUR: 50, USD: 60 });
    // A price change keeps the variant (and so every cart holding it).
    expect(after.variants.map((v) => v.id)).toEqual(offer.variants.map((v) => v.id));
    const gallery = await search(cheapestFirst);
    expect([gallery.items[0]?.urlName, gallery.items[0]?.price]).toEqual([
      'amber-lynx',
      { amount: 50, currency: 'EUR' },
    ]);

    // Dropping the cheap variant raises the gallery's price to what is left.
    const fullOnly = await call('PUT', withId(adminApiPaths.catalogOfferVariants, offer.id), [
      { kind: 'full', prices: { EUR: 1900, USD: 2000 } },
    ]);
    expect(AdminOfferSchema.parse(fullOnly.body)).toMatchObject({
      minPrices: { EUR: 1900, USD: 2000 },
      variants: [{ kind: 'full', prices: { EUR: 1900, USD: 2000 } }],
    });
    expect((await search(`${cheapestFirst}&Search=lynx`)).items[0]?.price.amount).toBe(1900);

    const unpublished = await call('POST', withId(adminApiPaths.catalogOfferUnpublish, offer.id));
    expect(AdminOfferSchema.parse(unpublished.body).published).toBe(false);
    expect((await search(`${cheapestFirst}&Search=lynx`)).items).toEqual([]);
    const getOne = await app.inject({
      method: 'GET',
      url: `${apiPaths.offersGetOne}?UrlName=amber-lynx&Currency=EUR`,
    });
    expect(getOne.statusCode).toBe(404);

    const audit = AuditListSchema.parse(
      (await call('GET', `${adminApiPaths.audit}?Entity=offer`)).body,
    );
    expect(
      audit.entries.filter((e) => e.entityId === String(offer.id)).map((e) => e.action),
    ).toEqual([
      'offer.unpublish',
      'offer.variants',
      'offer.variants',
      'offer.publish',
      'offer.create',
    ]);
    expect(audit.entries[1]).toMatchObject({
      before: { minPrices: { EUR: 50 }, variants: [{ kind: 'standard' }, { kind: 'full' }] },
      after: { minPrices: { EUR: 1900 }, variants: [{ kind: 'full' }] },
    });
  });

  it('edits the fields, and the shop finds the offer by its new words and url name', async () => {
    const picture = await upload(600, 900);
    const offer = AdminOfferSchema.parse(
      (
        await call(
          'POST',
          adminApiPaths.catalogOffers,
          offerInput(picture.imageKey, { urlName: 'grey-heron', title: 'Grey Heron' }),
        )
      ).body,
    );
    await call('POST', withId(adminApiPaths.catalogOfferPublish, offer.id));

    const edited = await call('PUT', withId(adminApiPaths.catalogOffer, offer.id), {
      title: 'Silver Comet',
      description: 'A comet over the hills.',
      urlName: 'silver-comet',
      categoryId: spaceId,
      style: 'Cyberpunk',
      tags: ['sky'],
    });

    expect(edited.status).toBe(200);
    expect(AdminOfferSchema.parse(edited.body)).toMatchObject({
      title: 'Silver Comet',
      urlName: 'silver-comet',
      categoryUrlName: 'space',
      style: 'Cyberpunk',
      orientation: 'Vertical',
    });
    expect((await search(`${cheapestFirst}&Search=heron`)).items).toEqual([]);
    expect(
      (await search(`${cheapestFirst}&Search=silver&Category=space&Style=Cyberpunk`)).items.map(
        (i) => i.urlName,
      ),
    ).toEqual(['silver-comet']);
  });

  it('lists published and unpublished offers with a title search and pages', async () => {
    const all = AdminOfferListSchema.parse((await call('GET', adminApiPaths.catalogOffers)).body);
    expect(all.items.map((o) => o.urlName)).toContain('hidden-fox');
    expect(all.total).toBe(all.items.length);

    const foxes = AdminOfferListSchema.parse(
      (await call('GET', `${adminApiPaths.catalogOffers}?Search=FOX`)).body,
    );
    expect(foxes.items.map((o) => [o.urlName, o.published])).toEqual([
      ['hidden-fox', false],
      ['red-fox', true],
    ]);
    const literal = AdminOfferListSchema.parse(
      (await call('GET', `${adminApiPaths.catalogOffers}?Search=%25`)).body,
    );
    expect(literal.total).toBe(0);
    const beyond = AdminOfferListSchema.parse(
      (await call('GET', `${adminApiPaths.catalogOffers}?Page=2`)).body,
    );
    expect(beyond).toMatchObject({ items: [], page: 2, total: all.total });
  });

  it('answers 404 for an unknown offer on every offer route', async () => {
    const id = 999_999;
    const fields = {
      title: 'x',
      description: '',
      urlName: 'x',
      categoryId: animalsId,
      style: 'None',
      tags: [],
    };
    const variants = [{ kind: 'standard', prices: { EUR: 100, USD: 100 } }];
    expect((await call('GET', withId(adminApiPaths.catalogOffer, id))).status).toBe(404);
    expect((await call('PUT', withId(adminApiPaths.catalogOffer, id), fields)).status).toBe(404);
    expect(
      (await call('PUT', withId(adminApiPaths.catalogOfferVariants, id), variants)).status,
    ).toBe(404);
    expect((await call('POST', withId(adminApiPaths.catalogOfferPublish, id))).status).toBe(404);
    expect((await call('POST', withId(adminApiPaths.catalogOfferUnpublish, id))).status).toBe(404);
  });

  it('refuses invalid offers with a field map, and writes nothing', async () => {
    const picture = await upload();
    const before = AdminOfferListSchema.parse(
      (await call('GET', adminApiPaths.catalogOffers)).body,
    );

    const invalid = await call(
      'POST',
      adminApiPaths.catalogOffers,
      offerInput(picture.imageKey, {
        title: '',
        urlName: 'Bad Name',
        style: 'Baroque' as never,
        variants: [
          { kind: 'standard', prices: { EUR: 10, USD: 800 } },
          { kind: 'standard', prices: { EUR: 700, USD: 800 } },
        ],
      }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      errors: expect.objectContaining({
        title: expect.any(String),
        urlName: expect.any(String),
        style: expect.any(String),
        'variants.0.prices.EUR': expect.any(String),
      }),
    });

    const noVariants = await call(
      'POST',
      adminApiPaths.catalogOffers,
      offerInput(picture.imageKey, { variants: [] }),
    );
    expect(noVariants.body).toEqual({
      errors: { variants: 'An offer needs at least one variant.' },
    });
    const twice = await call(
      'PUT',
      withId(adminApiPaths.catalogOfferVariants, before.items[0]!.id),
      [
        { kind: 'full', prices: { EUR: 700, USD: 800 } },
        { kind: 'full', prices: { EUR: 900, USD: 800 } },
      ],
    );
    expect(twice.body).toEqual({ errors: { '': 'Each kind may appear once.' } });

    const taken = await call(
      'POST',
      adminApiPaths.catalogOffers,
      offerInput(picture.imageKey, { urlName: 'red-fox' }),
    );
    expect(taken.body).toEqual({ errors: { urlName: 'This url name is already used.' } });
    const noCategory = await call(
      'POST',
      adminApiPaths.catalogOffers,
      offerInput(picture.imageKey, { categoryId: 999_999, urlName: 'lost-lynx' }),
    );
    expect(noCategory.body).toEqual({ errors: { categoryId: 'Choose a category.' } });
    const unknownPicture = await call(
      'POST',
      adminApiPaths.catalogOffers,
      offerInput('f'.repeat(32), { urlName: 'ghost-lynx' }),
    );
    expect(unknownPicture.body).toEqual({
      errors: { 'source.imageKey': 'Upload the picture again.' },
    });

    const afterwards = AdminOfferListSchema.parse(
      (await call('GET', adminApiPaths.catalogOffers)).body,
    );
    expect(afterwards.total).toBe(before.total);
  });

  // Needs a second connection: PGlite has one, so the write would simply wait for the delete.
  it.skipIf(ctx.engine === 'pglite')(
    'answers a field error, not a 500, when the category is deleted while the offer is written',
    async () => {
      const picture = await upload();
      const [doomed] = await ctx.database.db
        .insert(categories)
        .values({ urlName: 'doomed', nameEn: 'Doomed', nameEs: 'Condenada', nameJa: '運命' })
        .returning({ id: categories.id });
      let answer: Promise<{ status: number; body: unknown }> | undefined;
      await ctx.database.db.transaction(async (tx) => {
        // As deleteCategory does: the row lock makes the offer's foreign key check wait.
        await tx.select().from(categories).where(eq(categories.id, doomed!.id)).for('update');
        answer = call(
          'POST',
          adminApiPaths.catalogOffers,
          offerInput(picture.imageKey, { categoryId: doomed!.id, urlName: 'doomed-lynx' }),
        );
        await expect
          .poll(async () => {
            const { rows } = await tx.execute<{ waiting: number }>(
              sql`select count(*)::int as waiting from pg_locks where not granted`,
            );
            return rows[0]?.waiting;
          })
          .toBeGreaterThan(0);
        await tx.delete(categories).where(eq(categories.id, doomed!.id));
      });

      expect(await answer).toEqual({
        status: 400,
        body: { errors: { categoryId: 'Choose a category.' } },
      });
    },
  );
});
