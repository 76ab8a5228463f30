import { availableParallelism } from 'node:os';
import { count } from 'drizzle-orm';
import type { Database, Db } from '../../infra/db/index.js';
import type { ImageGenerator } from '../../infra/image-generation/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { withSeedLock } from './catalog-lock.js';
import { DEMO_CATEGORIES, DEMO_OFFER_COUNT, demoOffer, uniqueUrlNames } from './demo-data.js';
import { makeStandardFile, storeOriginal } from './images.js';
import { createLimiter } from './limiter.js';
import { createCategories, createOffers, type NewOffer } from './offer-writes.js';
import { previewMarks } from './picture-marks.js';
import { categories } from './schema.js';

export interface SeedDeps {
  database: Database;
  storage: FileStorage;
  generator: ImageGenerator;
  logger?: { info(details: object, message: string): void };
}

export interface DemoSeedDeps extends SeedDeps {
  /** The shop's address, for the licence URL in the pictures' marks. */
  publicUrl: string;
}

// Demo offers are spread over this many hours before the seed, newest first.
const DEMO_HOURS_APART = 7;

async function hasCategories(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(categories);
  return (row?.value ?? 0) > 0;
}

/**
 * Gives an empty database the demo catalog: the 8 categories and about 100
 * offers covering every style and orientation, their pictures made by the generator. A database
 * that has any category is left alone, so running it at every start changes nothing; two
 * processes starting at once are serialised by a lock and the second finds the work done. The
 * rows go in in one transaction: a crash leaves the database empty, and the next start tries again.
 */
export async function seedDemoCatalog(deps: DemoSeedDeps): Promise<{ created: boolean }> {
  const { database, storage, generator, logger, publicUrl } = deps;
  if (await hasCategories(database.db)) return { created: false };

  return withSeedLock(database, async () => {
    if (await hasCategories(database.db)) return { created: false };
    const started = Date.now();
    const specs = uniqueUrlNames(Array.from({ length: DEMO_OFFER_COUNT }, (_, i) => demoOffer(i)));

    // The pictures first, outside the transaction: generating is the slow part. Each gets its
    // standard download file with marks; the full-resolution file is the original, marked when
    // bought; previews are made, with marks, when first asked for.
    const limit = createLimiter(availableParallelism());
    const createdAt = (index: number) => new Date(started - index * DEMO_HOURS_APART * 3_600_000);
    const images = await Promise.all(
      specs.map((spec, index) =>
        limit(async () => {
          const { prompt, style, orientation, seed } = spec;
          const picture = await generator.generate({ prompt, style, orientation, seed });
          const image = await storeOriginal(storage, picture.bytes);
          const offer = {
            title: spec.title,
            createdAt: createdAt(index),
            digitalSourceType: 'trainedAlgorithmicMedia',
          } as const;
          await makeStandardFile(storage, image, previewMarks(offer, publicUrl), picture.bytes);
          return image;
        }),
      ),
    );

    await database.db.transaction(async (tx) => {
      const created = await createCategories(tx, DEMO_CATEGORIES);
      const categoryIds = new Map(created.map((category) => [category.urlName, category.id]));
      const offers: NewOffer[] = specs.map((spec, index) => ({
        ...spec,
        categoryId: categoryIds.get(spec.categoryUrlName) as number,
        image: images[index] as NonNullable<(typeof images)[number]>,
        attributes: [
          { kind: 'standard', prices: spec.prices.standard },
          { kind: 'full', prices: spec.prices.full },
        ],
        createdAt: createdAt(index),
        generator: generator.name,
      }));
      await createOffers(tx, offers);
    });
    logger?.info(
      { categories: DEMO_CATEGORIES.length, offers: specs.length, ms: Date.now() - started },
      'demo catalog created',
    );
    return { created: true };
  });
}
