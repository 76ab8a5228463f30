import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORIENTATIONS, STYLES, standardDownloadSize, type Orientation } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { GenerationRequest, ImageGenerator } from '../../infra/image-generation/index.js';
import { createFileStorage } from '../../infra/storage/index.js';
import {
  createTestDatabase,
  describeEachEngine,
  readXmp,
  type TestDatabase,
} from '../../test/index.js';
import { standardFileKey } from './images.js';
import {
  categories,
  CURRENT_FILES_VERSION,
  offerAttributes,
  offers,
  seedDemoCatalog,
} from './index.js';

const SIZES: Record<Orientation, [number, number]> = {
  Horizontal: [480, 320],
  Vertical: [320, 480],
  Square: [400, 400],
};

/** Stands in for the procedural generator (tested on its own): small pictures, quickly. */
class SmallPictures implements ImageGenerator {
  readonly name = 'small-pictures';
  readonly requests: GenerationRequest[] = [];

  async generate(request: GenerationRequest) {
    this.requests.push(request);
    const [width, height] = SIZES[request.orientation];
    const bytes = await sharp({ create: { width, height, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer();
    return { bytes, contentType: 'image/jpeg' as const, width, height };
  }
}

const tally = async (db: Db) => ({
  categories: (await db.select({ n: count() }).from(categories))[0]?.n,
  offers: (await db.select({ n: count() }).from(offers))[0]?.n,
  attributes: (await db.select({ n: count() }).from(offerAttributes))[0]?.n,
});

describeEachEngine('demo catalog', (ctx) => {
  let dataDir: string;
  const databases: TestDatabase[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-demo-'));
  });
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.dispose()));
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An empty database of its own: the file's shared one is for the first test. */
  const emptyDatabase = async () => {
    const database = await createTestDatabase(ctx.engine);
    databases.push(database);
    return database.database;
  };
  const deps = () => ({
    storage: createFileStorage({ dataDir }),
    generator: new SmallPictures(),
    publicUrl: 'http://localhost:3000',
  });

  it('gives an empty database 8 categories and about 100 offers in every style and orientation', async () => {
    const { storage, generator, publicUrl } = deps();

    const result = await seedDemoCatalog({ database: ctx.database, storage, generator, publicUrl });

    expect(result).toEqual({ created: true });
    const db = ctx.database.db;
    expect(await tally(db)).toEqual({ categories: 8, offers: 102, attributes: 204 });
    const rows = await db.select().from(offers);
    const pairs = new Set(rows.map((row) => `${row.style}/${row.orientation}`));
    expect(pairs.size).toBe(STYLES.length * ORIENTATIONS.length);
    expect(new Set(rows.map((row) => row.urlName)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.categoryId)).size).toBe(8);
    // Each picture was asked of the generator with the offer's own prompt, style and orientation.
    const offer = rows.find((row) => row.seed === generator.requests[0]?.seed);
    expect(generator.requests[0]).toEqual({
      prompt: offer?.prompt,
      style: offer?.style,
      orientation: offer?.orientation,
      seed: offer?.seed,
    });
    expect(await readdir(join(dataDir, 'files', 'originals'))).toHaveLength(3);
    expect(await storage.has(`originals/${rows[0]?.imageKey}`)).toBe(true);
    // Both variants' files exist: the original, and the standard download at the promised size,
    // with marks; the pictures' files are current, nothing is left for the file migration.
    for (const row of rows) {
      const standard = await storage.get(standardFileKey(row.imageKey));
      expect(standard).toBeInstanceOf(Buffer);
      const { width, height } = await sharp(standard).metadata();
      expect({ width, height }).toEqual(standardDownloadSize(row.width, row.height));
      expect((await readXmp(standard!)).Iptc4xmpExt).toEqual({
        DigitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
      });
      expect(row.filesVersion).toBe(CURRENT_FILES_VERSION);
    }
  });

  it('prices every offer in EUR and USD, the cheapest variant copied onto the offer', async () => {
    const db = ctx.database.db;
    const [row] = await db.select().from(offers).where(eq(offers.seed, 1_000));
    const variants = await db
      .select()
      .from(offerAttributes)
      .where(eq(offerAttributes.offerId, row!.id));

    expect(variants.map((variant) => variant.kind).sort()).toEqual(['full', 'standard']);
    expect(row?.minPriceEur).toBe(Math.min(...variants.map((variant) => variant.priceEur)));
    expect(row?.minPriceUsd).toBe(Math.min(...variants.map((variant) => variant.priceUsd)));
    expect(variants.every((variant) => variant.priceEur > 0 && variant.priceUsd > 0)).toBe(true);
  });

  it('changes nothing when it runs again', async () => {
    const before = await ctx.database.db
      .select({ id: offers.id, urlName: offers.urlName })
      .from(offers);
    const { storage, generator, publicUrl } = deps();

    const result = await seedDemoCatalog({ database: ctx.database, storage, generator, publicUrl });

    expect(result).toEqual({ created: false });
    expect(generator.requests).toEqual([]);
    expect(
      await ctx.database.db.select({ id: offers.id, urlName: offers.urlName }).from(offers),
    ).toEqual(before);
  });

  it('creates the catalog once when two seeds start at the same time', async () => {
    const database = await emptyDatabase();

    const results = await Promise.all([
      seedDemoCatalog({ database, ...deps() }),
      seedDemoCatalog({ database, ...deps() }),
    ]);

    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
    expect(await tally(database.db)).toEqual({ categories: 8, offers: 102, attributes: 204 });
  });
});
