// A download sends the file kept at fulfilment as it is stored: signed once, never again, with its
// length and version announced, and one byte range served to resume a download.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { apiPaths, PurchasedArtworkListSchema } from '@pictura/contract';
import type { App } from '../../app.js';
import { LocalDiskStorage } from '../../infra/storage/index.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import { creditBalance, orderRequest, placeOrder } from '../../test/orders.js';
import { until } from '../../test/until.js';
import {
  createCategories,
  createOffers,
  offerAttributes,
  purchaseDownloadKey,
  storeOriginal,
  type StoredImage,
} from '../catalog/index.js';

// Signing waits its turn behind other test files on a shared machine.
const SIGNED_WITHIN_MS = 90_000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describeEachEngine('download of a kept file', (ctx) => {
  let dataDir: string;
  let storage: LocalDiskStorage;
  let image: StoredImage;
  let fullVariant: number;
  let app: App;
  let buyer: TestUser;
  let downloadUrl: string;
  let keptPath: string;
  let kept: Buffer;

  const download = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: downloadUrl,
      headers: { ...bearer(buyer.accessToken), ...headers },
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-download-'));
    storage = new LocalDiskStorage(join(dataDir, 'files'));
    const original = await sharp({
      create: { width: 300, height: 180, channels: 3, background: '#7a3b8f' },
    })
      .jpeg()
      .toBuffer();
    image = await storeOriginal(storage, original);
    const [category] = await createCategories(ctx.database.db, [
      { urlName: 'streamed', names: { en: 'S', es: 'S', ja: 'S' } },
    ]);
    const [offerId] = await createOffers(ctx.database.db, [
      {
        urlName: 'violet-hour',
        title: 'Violet Hour',
        description: 'Dusk.',
        style: 'Vintage',
        categoryId: category?.id ?? 0,
        tags: [],
        prompt: 'violet dusk',
        seed: 1,
        image,
        attributes: [{ kind: 'full', prices: { EUR: 1_200, USD: 1_350 } }],
      },
    ]);
    const [variant] = await ctx.database.db
      .select({ id: offerAttributes.id })
      .from(offerAttributes)
      .where(eq(offerAttributes.offerId, offerId ?? 0));
    fullVariant = variant?.id ?? 0;

    // Fulfilment runs in this app; each test downloads from an app of its own.
    app = await ctx.buildApp({ env: { DATA_DIR: dataDir } });
    buyer = await signUp(app);
    await creditBalance(ctx.database.db, buyer, 1_200, 'EUR');
    await placeOrder(app, buyer, orderRequest([fullVariant], { payByBalance: true }));
    const [artwork] = PurchasedArtworkListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: apiPaths.artworks,
          headers: bearer(buyer.accessToken),
        })
      ).json(),
    );
    if (!artwork) throw new Error('the purchase is not listed');
    downloadUrl = artwork.downloadUrl;
    const key = purchaseDownloadKey(image.imageKey, 'full', artwork.id);
    keptPath = join(storage.root, key);
    // Made, marked and signed by fulfilment before anyone downloads it.
    kept = await until('the file kept after fulfilment', () => storage.get(key), SIGNED_WITHIN_MS);
  }, 240_000);

  beforeEach(async () => {
    app = await ctx.buildApp({ env: { DATA_DIR: dataDir } });
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('sends the stored bytes with their length and version, and leaves the signed file as it was', async () => {
    const before = await stat(keptPath);

    const first = await download();
    // A browser asks for compression; a JPEG is sent as it is, its length still true.
    const second = await download({ 'accept-encoding': 'br, gzip' });

    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200);
      expect(sha256(answer.rawPayload)).toBe(sha256(kept));
      expect(answer.headers['content-length']).toBe(String(kept.length));
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect(answer.headers['content-disposition']).toBe(
        'attachment; filename="violet-hour-full.jpg"',
      );
      expect(answer.headers['accept-ranges']).toBe('bytes');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-encoding']).toBeUndefined();
    const head = await app.inject({
      method: 'HEAD',
      url: downloadUrl,
      headers: bearer(buyer.accessToken),
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(kept.length));
    expect(head.rawPayload.length).toBe(0);
    // Not signed again: the same file, neither replaced nor rewritten.
    const after = await stat(keptPath);
    expect([after.ino, after.mtimeMs, after.size]).toEqual([
      before.ino,
      before.mtimeMs,
      before.size,
    ]);
  });

  it('answers one byte range of the file to resume a download, and the whole file otherwise', async () => {
    const size = kept.length;
    const etag = (await download()).headers.etag ?? '';

    const middle = await download({ range: 'bytes=100-1099' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(kept.subarray(100, 1_100))).toBe(true);

    const rest = await download({ range: 'bytes=1000-', 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(kept.subarray(1_000))).toBe(true);

    const tail = await download({ range: 'bytes=-64' });
    expect(tail.headers['content-range']).toBe(`bytes ${size - 64}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(kept.subarray(size - 64))).toBe(true);

    const beyond = await download({ range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.rawPayload.length).toBe(0);

    // Another version named in If-Range, or several ranges: the whole file.
    const wholeFileAsks: Record<string, string>[] = [
      { range: 'bytes=0-9', 'if-range': '"another-version"' },
      { range: 'bytes=0-9,20-29' },
    ];
    for (const headers of wholeFileAsks) {
      const whole = await download(headers);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(kept)).toBe(true);
    }
  });

  it('gives nothing of the file to anyone but its buyer', async () => {
    const stranger = await signUp(app);

    const answer = await app.inject({
      method: 'GET',
      url: downloadUrl,
      headers: { ...bearer(stranger.accessToken), range: 'bytes=0-99' },
    });

    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-range']).toBeUndefined();
  });
});
