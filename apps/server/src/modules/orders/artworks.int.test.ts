// Fulfilment: a paid order grants its variants; the buyer lists them and downloads
// the original and a licence; anyone else gets 404.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  apiPaths,
  apiPathTo,
  PurchasedArtworkListSchema,
  type PurchasedArtwork,
  standardDownloadSize,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { createFileStorage } from '../../infra/storage/index.js';
import {
  bearer,
  describeEachEngine,
  expectMarks,
  signUp,
  testConfig,
  type TestUser,
} from '../../test/index.js';
import {
  creditBalance,
  orderRequest,
  ordersOf,
  placeOrder,
  postOrder,
  settleOrder,
} from '../../test/orders.js';
import {
  createCategories,
  createOffers,
  offerAttributes,
  offers,
  storeOriginal,
} from '../catalog/index.js';

const get = (app: App, user: TestUser | null, url: string) =>
  app.inject({ method: 'GET', url, headers: user ? bearer(user.accessToken) : {} });

async function artworksOf(app: App, user: TestUser): Promise<PurchasedArtwork[]> {
  return PurchasedArtworkListSchema.parse((await get(app, user, apiPaths.artworks)).json());
}

describeEachEngine('purchased artworks', (ctx) => {
  let original: Buffer;
  let variants: { standard: number; full: number };
  let otherVariant: number;

  // An offer whose original really is in the app's file storage, and one more to buy.
  beforeAll(async () => {
    original = await sharp({
      create: { width: 64, height: 40, channels: 3, background: '#c0392b' },
    })
      .jpeg()
      .toBuffer();
    const image = await storeOriginal(createFileStorage(testConfig()), original);
    const [category] = await createCategories(ctx.database.db, [
      { urlName: 'purchases', names: { en: 'Purchases', es: 'Compras', ja: '購入' } },
    ]);
    const offer = (urlName: string, title: string) => ({
      urlName,
      title,
      description: `${title} at dusk.`,
      style: 'Vintage' as const,
      categoryId: category?.id ?? 0,
      tags: [],
      prompt: `${title.toLowerCase()}, warm light`,
      seed: 1,
      image,
      attributes: [
        { kind: 'standard' as const, prices: { EUR: 400, USD: 450 } },
        { kind: 'full' as const, prices: { EUR: 1_200, USD: 1_350 } },
      ],
    });
    await createOffers(ctx.database.db, [
      offer('old-harbour', 'Old Harbour'),
      offer('quiet-mill', 'Quiet Mill'),
    ]);
    const rows = await ctx.database.db
      .select({ urlName: offers.urlName, kind: offerAttributes.kind, id: offerAttributes.id })
      .from(offerAttributes)
      .innerJoin(offers, eq(offers.id, offerAttributes.offerId));
    const idOf = (urlName: string, kind: string) =>
      rows.find((row) => row.urlName === urlName && row.kind === kind)?.id ?? 0;
    variants = { standard: idOf('old-harbour', 'standard'), full: idOf('old-harbour', 'full') };
    otherVariant = idOf('quiet-mill', 'standard');
  });

  /** A buyer with a paid order for both variants of Old Harbour. */
  async function buyer(app: App): Promise<TestUser> {
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 1_600, 'EUR');
    await placeOrder(
      app,
      user,
      orderRequest([variants.standard, variants.full], {
        payByBalance: true,
        firstName: 'Mia',
        lastName: 'Santos',
      }),
    );
    return user;
  }

  it('lists the variants of paid orders with their picture and authorised links', async () => {
    const app = await ctx.buildApp();
    const user = await buyer(app);
    const [order] = await ordersOf(app, user);

    const artworks = await artworksOf(app, user);

    expect(artworks).toHaveLength(2);
    expect(artworks.map((artwork) => artwork.kind).sort()).toEqual(['full', 'standard']);
    const standard = artworks.find((artwork) => artwork.kind === 'standard');
    expect(standard).toMatchObject({
      orderId: order?.id,
      offerAttributeId: variants.standard,
      urlName: 'old-harbour',
      title: 'Old Harbour',
      style: 'Vintage',
      image: { width: 64, height: 40 },
      downloadUrl: apiPathTo.artworkDownload(standard?.id ?? 0),
      licenceUrl: apiPathTo.artworkLicence(standard?.id ?? 0),
    });
  });

  it('downloads each variant bought as an attachment that no cache keeps: the original for full resolution, half its size for the standard download', async () => {
    const app = await ctx.buildApp();
    const user = await buyer(app);
    const artworks = await artworksOf(app, user);
    const standard = artworks.find((artwork) => artwork.kind === 'standard');
    const full = artworks.find((artwork) => artwork.kind === 'full');

    const standardFile = await get(app, user, standard?.downloadUrl ?? '');
    const fullFile = await get(app, user, full?.downloadUrl ?? '');

    for (const [response, name] of [
      [standardFile, 'old-harbour-standard.jpg'],
      [fullFile, 'old-harbour-full.jpg'],
    ] as const) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
    // Full resolution: the original's pixels exactly, at the offer's size.
    const fullPixels = await sharp(fullFile.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([fullPixels.info.width, fullPixels.info.height]).toEqual([64, 40]);
    expect(fullPixels.data.equals(await sharp(original).raw().toBuffer())).toBe(true);
    const promised = standardDownloadSize(64, 40);
    expect(promised).toEqual({ width: 32, height: 20 });
    const delivered = await sharp(standardFile.rawPayload).metadata();
    expect({ width: delivered.width, height: delivered.height, format: delivered.format }).toEqual({
      ...promised,
      format: 'jpeg',
    });
    // Each file says what it is and which order bought it (read back by exifr, not by sharp).
    const [order] = await ordersOf(app, user);
    const common = {
      title: 'Old Harbour',
      copyright: `© ${new Date().getUTCFullYear()} Pictura`,
      digitalSourceType: 'trainedAlgorithmicMedia',
      orderReference: `Pictura order ${order?.id}`,
    } as const;
    await expectMarks(standardFile.rawPayload, {
      ...common,
      licenceName: 'Standard licence (personal use)',
      licenceUrl: 'http://localhost:3000/personal-licence',
    });
    await expectMarks(fullFile.rawPayload, {
      ...common,
      licenceName: 'Full licence (commercial use)',
      licenceUrl: 'http://localhost:3000/commercial-licence',
    });
    // Made, marked and signed once, then kept: a second download is the same file.
    const again = await get(app, user, standard?.downloadUrl ?? '');
    expect(again.rawPayload.equals(standardFile.rawPayload)).toBe(true);
  });

  it("gives a licence text with the picture's provenance, the licence kind, the buyer and the date", async () => {
    const app = await ctx.buildApp();
    const user = await buyer(app);
    const [order] = await ordersOf(app, user);
    const full = (await artworksOf(app, user)).find((artwork) => artwork.kind === 'full');

    const response = await get(app, user, full?.licenceUrl ?? '');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="old-harbour-licence.txt"',
    );
    expect(response.body).toContain('Old Harbour');
    expect(response.body).toContain('Vintage');
    expect(response.body).toContain('old harbour, warm light');
    expect(response.body).toContain('Full licence (commercial use)');
    expect(response.body).toContain(`Mia Santos <${user.email}>`);
    expect(response.body).toContain(`Order:         ${order?.id}`);
    expect(response.body).toContain(new Date().toISOString().slice(0, 10));
  });

  it('answers 404 to anyone but the buyer, and 401 when signed out', async () => {
    const app = await ctx.buildApp();
    const user = await buyer(app);
    const stranger = await signUp(app);
    const [artwork] = await artworksOf(app, user);
    const id = artwork?.id ?? 0;

    expect(await artworksOf(app, stranger)).toEqual([]);
    expect((await get(app, stranger, apiPathTo.artworkDownload(id))).statusCode).toBe(404);
    expect((await get(app, stranger, apiPathTo.artworkLicence(id))).statusCode).toBe(404);
    expect((await get(app, user, apiPathTo.artworkDownload(999_999))).statusCode).toBe(404);
    expect((await get(app, null, apiPathTo.artworkDownload(id))).statusCode).toBe(401);
    expect((await get(app, null, apiPaths.artworks)).statusCode).toBe(401);
  });

  it('grants nothing for an unpaid order, and does not sell a variant its buyer owns again', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await placeOrder(app, user, orderRequest([otherVariant]));
    expect(await artworksOf(app, user)).toEqual([]);
    // While that order waits for payment its variant cannot be ordered again; once failed it can.
    const [unpaid] = await ordersOf(app, user);
    await settleOrder(app, ctx.database.db, unpaid?.id ?? 0, 'failed');
    expect(await artworksOf(app, user)).toEqual([]);

    await creditBalance(ctx.database.db, user, 800, 'EUR');
    await placeOrder(app, user, orderRequest([otherVariant], { payByBalance: true }));
    const again = await postOrder(app, user, orderRequest([otherVariant], { payByBalance: true }));

    // Two settlements of one variant at once still grant it once: concurrent-settlements.int.test.ts.
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json().errors as object)).toEqual(['cartItems.0']);
    const paidOrders = (await ordersOf(app, user)).filter((order) => order.status === 'paid');
    const artworks = await artworksOf(app, user);
    expect(paidOrders).toHaveLength(1);
    expect(artworks).toHaveLength(1);
    expect(artworks[0]?.orderId).toBe(paidOrders[0]?.id);
  });
});
