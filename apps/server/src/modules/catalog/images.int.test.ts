import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths, OfferListSchema, type OfferImage } from '@pictura/contract';
import type { App } from '../../app.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { buildTestApp, describeEachEngine } from '../../test/index.js';
import { createCategories, createOffers, storeOriginal, type StoredImage } from './index.js';

/** A noisy picture, so that previews and the original can be told apart by size. */
async function picture(width: number, height: number): Promise<Buffer> {
  const noise = { mean: 128, sigma: 60 };
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', ...noise },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describeEachEngine('offer pictures', (ctx) => {
  let dataDir: string;
  let app: App;
  let original: Buffer;
  let stored: StoredImage;
  let image: OfferImage;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-images-'));
    original = await picture(1400, 900);
    stored = await storeOriginal(createFileStorage({ dataDir }), original);
    const [category] = await createCategories(ctx.database.db, [
      { urlName: 'tests', names: { en: 'Tests', es: 'Pruebas', ja: 'テスト' } },
    ]);
    await createOffers(ctx.database.db, [
      {
        urlName: 'grey-noise',
        title: 'Grey Noise',
        description: 'Noise.',
        style: 'AbstractArt',
        categoryId: category!.id,
        tags: [],
        prompt: 'noise',
        seed: 1,
        image: stored,
        attributes: [{ kind: 'standard', prices: { EUR: 500, USD: 600 } }],
      },
    ]);
    // A tight /api budget shows that previews are not counted against it.
    app = await buildTestApp({
      database: ctx.database,
      env: { DATA_DIR: dataDir, RATE_LIMIT_MAX: '5' },
    });
    const latest = await app.inject({
      method: 'GET',
      url: `${apiPaths.offersLatest}?Currency=EUR`,
    });
    image = OfferListSchema.parse(latest.json())[0]!.image;
  });

  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('keeps one original per distinct picture and describes it', async () => {
    const again = await storeOriginal(createFileStorage({ dataDir }), original);

    expect(again).toEqual(stored);
    expect(stored).toMatchObject({
      imageKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      width: 1400,
      height: 900,
    });
    expect(stored.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(stored.placeholder.length).toBeLessThan(600);
    expect(await readdir(join(dataDir, 'files', 'originals'))).toEqual([stored.imageKey]);
  });

  it('serves every listed preview watermarked at its width, with its type and immutable caching, outside the /api rate limit', async () => {
    expect(image.previews).toHaveLength(8);
    for (const preview of image.previews) {
      const response = await get(preview.url);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(`image/${preview.format}`);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([
        preview.width,
        Math.round((preview.width * 900) / 1400),
      ]);
      expect(meta.format).toBe(preview.format === 'avif' ? 'heif' : 'webp');
    }
  });

  it('serves the link preview: the whole picture on a 1200x630 JPEG, watermarked, with its marks', async () => {
    expect(image.share).toBe(`${apiPaths.images}/${stored.imageKey}/share.jpg`);
    const response = await get(image.share);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(meta.xmp?.toString('utf8')).toContain('Grey Noise');
    expect((await readdir(join(dataDir, 'files', 'previews', stored.imageKey))).sort()).toContain(
      'share.jpg',
    );
  });

  it('makes a preview once: repeated and simultaneous requests get the same bytes', async () => {
    const url = `${apiPaths.images}/${stored.imageKey}/640.webp`;
    const [first, second] = await Promise.all([get(url), get(url)]);
    const third = await get(url);

    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await readdir(join(dataDir, 'files', 'previews', stored.imageKey))).sort()).toContain(
      '640.webp',
    );
  });

  it('changes the picture with the watermark', async () => {
    const preview = await get(`${apiPaths.images}/${stored.imageKey}/320.webp`);
    const plain = await sharp(original).resize({ width: 320 }).raw().toBuffer();
    const marked = await sharp(preview.rawPayload).raw().toBuffer();

    let difference = 0;
    for (let i = 0; i < plain.length; i += 1)
      difference += Math.abs((plain[i] ?? 0) - (marked[i] ?? 0));
    // Lossy encoding alone moves each byte a little; the watermark moves many a lot more.
    expect(difference / plain.length).toBeGreaterThan(5);
  });

  it.each([
    [
      'the original under a preview-like name',
      (key: string) => `${apiPaths.images}/${key}/original`,
    ],
    ['a width that is not offered', (key: string) => `${apiPaths.images}/${key}/1400.webp`],
    ['a format that is not offered', (key: string) => `${apiPaths.images}/${key}/320.jpg`],
    ['an upper-case key', (key: string) => `${apiPaths.images}/${key.toUpperCase()}/320.webp`],
    ['an unknown key', () => `${apiPaths.images}/${'f'.repeat(32)}/320.webp`],
    [
      'a path out of the previews',
      (key: string) => `${apiPaths.images}/..%2Foriginals%2F${key}/320.webp`,
    ],
    ['a dotted path', (key: string) => `${apiPaths.images}/../originals/${key}`],
    ['the storage folder', (key: string) => `/api/files/originals/${key}`],
    ['the originals folder', (key: string) => `/originals/${key}`],
  ])('answers 404 and never the original for %s', async (_name, url) => {
    const response = await get(url(stored.imageKey));

    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.includes(original.subarray(0, 64))).toBe(false);
  });
});
