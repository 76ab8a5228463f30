// A paid order's files are made, marked and signed when it is fulfilled and kept in file storage;
// every download then sends those stored bytes, so a buyer downloading twice gets the same file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths, PurchasedArtworkListSchema } from '@pictura/contract';
import type { App } from '../../app.js';
import { createFileStorage, type FileStorage } from '../../infra/storage/index.js';
import { expectValidC2pa } from '../../test/c2pa.js';
import {
  bearer,
  describeEachEngine,
  expectMarks,
  signUp,
  testConfig,
  type TestUser,
} from '../../test/index.js';
import { creditBalance, orderRequest, ordersOf, placeOrder } from '../../test/orders.js';
import { until } from '../../test/until.js';
import {
  createCategories,
  createOffers,
  offerAttributes,
  purchaseDownloadKey,
  storeOriginal,
  type StoredImage,
} from '../catalog/index.js';

const get = (app: App, user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });

const LICENCE_NAMES = {
  standard: 'Standard licence (personal use)',
  full: 'Full licence (commercial use)',
};

// Signing waits its turn behind other test files on a shared machine.
const SIGNED_WITHIN_MS = 90_000;

describeEachEngine('files made at fulfilment', (ctx) => {
  // A folder of its own: a file kept by another test (same picture, same purchase id on another
  // database) must not pass for one made here.
  let dataDir: string;
  let storage: FileStorage;
  let image: StoredImage;
  let variantIds: number[];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-fulfilment-'));
    storage = createFileStorage(testConfig({ DATA_DIR: dataDir }));
    const original = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#1d6f5a' },
    })
      .jpeg()
      .toBuffer();
    image = await storeOriginal(storage, original);
    const [category] = await createCategories(ctx.database.db, [
      { urlName: 'fulfilment', names: { en: 'F', es: 'F', ja: 'F' } },
    ]);
    const [offerId] = await createOffers(ctx.database.db, [
      {
        urlName: 'green-lantern',
        title: 'Green Lantern',
        description: 'A lantern.',
        style: 'Vintage',
        categoryId: category?.id ?? 0,
        tags: [],
        prompt: 'green lantern',
        seed: 1,
        image,
        attributes: [
          { kind: 'standard', prices: { EUR: 400, USD: 450 } },
          { kind: 'full', prices: { EUR: 1_200, USD: 1_350 } },
        ],
      },
    ]);
    const variants = await ctx.database.db
      .select({ id: offerAttributes.id })
      .from(offerAttributes)
      .where(eq(offerAttributes.offerId, offerId ?? 0));
    variantIds = variants.map((variant) => variant.id);
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  async function buyBoth(app: App) {
    const buyer = await signUp(app);
    await creditBalance(ctx.database.db, buyer, 1_600, 'EUR');
    await placeOrder(app, buyer, orderRequest(variantIds, { payByBalance: true }));
    const [order] = await ordersOf(app, buyer);
    const artworks = PurchasedArtworkListSchema.parse(
      (await get(app, buyer, apiPaths.artworks)).json(),
    );
    expect(artworks.map((artwork) => artwork.kind).sort()).toEqual(['full', 'standard']);
    return { buyer, orderId: order?.id, artworks };
  }

  it(
    'signs both files of a paid order before any download, and each download sends the stored bytes',
    { timeout: 240_000 },
    async () => {
      const app = await ctx.buildApp({ env: { DATA_DIR: dataDir } });
      const { buyer, orderId, artworks } = await buyBoth(app);

      for (const kind of ['standard', 'full'] as const) {
        const artwork = artworks.find((candidate) => candidate.kind === kind);
        if (!artwork) throw new Error(`no ${kind} purchase`);
        const key = purchaseDownloadKey(image.imageKey, kind, artwork.id);
        // Nobody has downloaded yet: the file is there because the order was fulfilled.
        const stored = await until(
          `the ${kind} file kept after fulfilment`,
          () => storage.get(key),
          SIGNED_WITHIN_MS,
        );
        await expectValidC2pa(stored);
        await expectMarks(stored, {
          title: 'Green Lantern',
          copyright: `© ${new Date().getUTCFullYear()} Pictura`,
          licenceName: LICENCE_NAMES[kind],
          licenceUrl: `http://localhost:3000/${kind === 'full' ? 'commercial' : 'personal'}-licence`,
          digitalSourceType: 'trainedAlgorithmicMedia',
          orderReference: `Pictura order ${orderId}`,
        });

        const first = await get(app, buyer, artwork.downloadUrl);
        const second = await get(app, buyer, artwork.downloadUrl);
        expect(first.statusCode).toBe(200);
        expect(first.rawPayload.equals(stored)).toBe(true);
        expect(second.rawPayload.equals(stored)).toBe(true);
      }
    },
  );

  it(
    'makes a purchase’s file on its first download when none is kept (bought before files were made at fulfilment), then sends that file',
    { timeout: 240_000 },
    async () => {
      const app = await ctx.buildApp({ env: { DATA_DIR: dataDir } });
      const { buyer, artworks } = await buyBoth(app);
      const full = artworks.find((artwork) => artwork.kind === 'full');
      const key = purchaseDownloadKey(image.imageKey, 'full', full?.id ?? 0);
      await until('the full file kept after fulfilment', () => storage.get(key), SIGNED_WITHIN_MS);
      // As an older purchase is: nothing kept.
      await storage.delete(key);

      const first = await get(app, buyer, full?.downloadUrl ?? '');
      const second = await get(app, buyer, full?.downloadUrl ?? '');

      expect(first.statusCode).toBe(200);
      await expectValidC2pa(first.rawPayload);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect((await storage.get(key))?.equals(first.rawPayload)).toBe(true);
    },
  );
});
