// An older catalog (offers whose files were made before marks: no standard download file, previews
// without XMP) is brought up to date by the file migration `npm run seed` runs, once per picture.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { standardDownloadSize } from '@pictura/contract';
import { createFileStorage, type FileStorage } from '../../infra/storage/index.js';
import { describeEachEngine, expectMarks, readXmp } from '../../test/index.js';
import { previewStorageKey, standardFileKey, storeOriginal } from './images.js';
import {
  createCategories,
  createOffers,
  CURRENT_FILES_VERSION,
  migrateCatalogFiles,
  offers,
  type FileMigrationProgress,
} from './index.js';

const PUBLIC_URL = 'https://shop.example';

describeEachEngine('catalog file migration', (ctx) => {
  let dataDir: string;
  let storage: FileStorage;
  const keys: string[] = [];

  // Two old-style pictures, one shown by two offers; one preview of each already kept, unmarked.
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-files-'));
    storage = createFileStorage({ dataDir });
    const [category] = await createCategories(ctx.database.db, [
      { urlName: 'old', names: { en: 'Old', es: 'Viejo', ja: '古い' } },
    ]);
    const images = await Promise.all(
      ['#224466', '#884422'].map(async (background) =>
        storeOriginal(
          storage,
          await sharp({ create: { width: 1000, height: 700, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      ),
    );
    const offer = (urlName: string, title: string, index: number) => ({
      urlName,
      title,
      description: '',
      style: 'Nature' as const,
      categoryId: category?.id ?? 0,
      tags: [],
      prompt: title,
      seed: index,
      image: images[index]!,
      digitalSourceType:
        index === 1 ? ('compositeWithTrainedAlgorithmicMedia' as const) : undefined,
      attributes: [{ kind: 'standard' as const, prices: { EUR: 500, USD: 550 } }],
    });
    await createOffers(ctx.database.db, [
      offer('blue-bay', 'Blue Bay', 0),
      offer('blue-bay-again', 'Blue Bay Again', 0),
      offer('rust-field', 'Rust Field', 1),
    ]);
    // As the rows were before migration 0012 added the column with 0 for them.
    await ctx.database.db.update(offers).set({ filesVersion: 0 });
    for (const image of images) {
      keys.push(image.imageKey);
      const unmarked = await sharp({
        create: { width: 320, height: 224, channels: 3, background: '#000' },
      })
        .webp()
        .toBuffer();
      await storage.put(previewStorageKey(image.imageKey, 320, 'webp'), unmarked);
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes the standard download files and marks the kept previews of an old catalog', async () => {
    const seen: FileMigrationProgress[] = [];

    const result = await migrateCatalogFiles(
      { database: ctx.database, storage, publicUrl: PUBLIC_URL },
      { onProgress: (progress) => seen.push(progress) },
    );

    // One per picture, not per offer: the picture two offers show is done once.
    expect(result).toEqual({ done: 2, total: 2, missing: 0 });
    expect(seen.map((progress) => progress.done)).toEqual([0, 1, 2]);
    const year = new Date().getUTCFullYear();
    const expected = [
      { title: 'Blue Bay', digitalSourceType: 'trainedAlgorithmicMedia' },
      { title: 'Rust Field', digitalSourceType: 'compositeWithTrainedAlgorithmicMedia' },
    ] as const;
    const rows = await ctx.database.db.select().from(offers);
    for (const [index, imageKey] of keys.entries()) {
      const marks = {
        ...expected[index]!,
        copyright: `© ${year} Pictura`,
        licenceName: 'Preview only: no licence is granted; see the Pictura terms',
        licenceUrl: `${PUBLIC_URL}/terms-and-conditions`,
      };
      const standard = (await storage.get(standardFileKey(imageKey)))!;
      const { width, height } = await sharp(standard).metadata();
      expect({ width, height }).toEqual(standardDownloadSize(1000, 700));
      await expectMarks(standard, marks);
      const preview = (await storage.get(previewStorageKey(imageKey, 320, 'webp')))!;
      await expectMarks(preview, marks);
      // Only the previews that were kept are made again; the others come with marks when asked.
      expect(await storage.has(previewStorageKey(imageKey, 640, 'webp'))).toBe(false);
    }
    expect(rows.map((row) => row.filesVersion)).toEqual(rows.map(() => CURRENT_FILES_VERSION));
  });

  it('does nothing the second time: every picture is marked done', async () => {
    const file = join(dataDir, 'files', standardFileKey(keys[0]!));
    const before = (await stat(file)).mtimeMs;

    const result = await migrateCatalogFiles({
      database: ctx.database,
      storage,
      publicUrl: PUBLIC_URL,
    });

    expect(result).toEqual({ done: 0, total: 0, missing: 0 });
    expect((await stat(file)).mtimeMs).toBe(before);
  });

  it('leaves a picture whose original is gone for a later run, and says so', async () => {
    const [row] = await ctx.database.db.select().from(offers).limit(1);
    await ctx.database.db.update(offers).set({ filesVersion: 0 });
    await storage.delete(`originals/${row!.imageKey}`);

    const result = await migrateCatalogFiles({
      database: ctx.database,
      storage,
      publicUrl: PUBLIC_URL,
    });

    expect(result).toMatchObject({ total: 2, done: 2, missing: 1 });
    const left = await ctx.database.db.select().from(offers);
    expect(left.filter((offer) => offer.filesVersion === 0).map((offer) => offer.imageKey)).toEqual(
      left.filter((offer) => offer.imageKey === row!.imageKey).map((offer) => offer.imageKey),
    );
    expect((await readXmp((await storage.get(standardFileKey(keys[1]!)))!)).dc).toBeDefined();
  });
});
