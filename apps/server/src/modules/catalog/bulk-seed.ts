import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ORIENTATIONS, STYLES, type Currency } from '@pictura/contract';
import { runLongStatement } from '../../infra/db/index.js';
import { createRandom } from '../../infra/image-generation/index.js';
import { withSeedLock } from './catalog-lock.js';
import { DEMO_CATEGORIES, demoOffer, slug } from './demo-data.js';
import type { SeedDeps } from './demo-catalog.js';
import { storeOriginal, type StoredImage } from './images.js';
import { createLimiter } from './limiter.js';
import { createCategories, createOffers, type NewOffer } from './offer-writes.js';
import { categories } from './schema.js';

const CHUNK = 5_000;
const TWO_YEARS_MS = 2 * 365 * 24 * 3_600_000;

export interface BulkSeedOptions {
  /** Called after each chunk with the number of offers added so far. */
  onProgress?: (added: number) => void;
}

/**
 * Adds `total` offers quickly, for benchmarks (`npm run seed -- --offers N`): the pictures come from
 * a pool of one per style and orientation (51 generations, shared by content key), prices and dates
 * are spread out so that sorts and price ranges behave as in a real catalog, and url names carry a
 * random run tag so that runs can be repeated. Creates the demo categories when there are none.
 * Ends with VACUUM ANALYZE so the planner knows the new sizes and counts can use index-only scans.
 */
export async function seedBulkOffers(
  deps: Omit<SeedDeps, 'logger'>,
  total: number,
  options: BulkSeedOptions = {},
): Promise<void> {
  const { database, storage, generator } = deps;
  const db = database.db;
  const categoryIds = await withSeedLock(database, async () => {
    const existing = await db.select({ id: categories.id }).from(categories);
    if (existing.length > 0) return existing.map((row) => row.id);
    return (await createCategories(db, DEMO_CATEGORIES)).map((row) => row.id);
  });

  const limit = createLimiter(availableParallelism());
  const pool = new Map<string, StoredImage>();
  await Promise.all(
    STYLES.flatMap((style) =>
      ORIENTATIONS.map((orientation) =>
        limit(async () => {
          const picture = await generator.generate({ prompt: style, style, orientation, seed: 1 });
          pool.set(`${style}/${orientation}`, await storeOriginal(storage, picture.bytes));
        }),
      ),
    ),
  );

  const runTag = randomBytes(3).toString('hex');
  const now = Date.now();
  for (let start = 0; start < total; start += CHUNK) {
    const chunk: NewOffer[] = [];
    for (let index = start; index < Math.min(total, start + CHUNK); index += 1) {
      const demo = demoOffer(index);
      const rng = createRandom('bulk', runTag, index);
      const standard: Record<Currency, number> = { EUR: 199 + 50 * rng.int(0, 96), USD: 0 };
      standard.USD = Math.round((standard.EUR * 1.08) / 10) * 10 - 1;
      chunk.push({
        ...demo,
        urlName: `${slug(demo.title)}-${runTag}-${index}`,
        categoryId: rng.pick(categoryIds),
        image: pool.get(`${demo.style}/${demo.orientation}`) as StoredImage,
        attributes: [
          { kind: 'standard', prices: standard },
          { kind: 'full', prices: { EUR: standard.EUR * 3, USD: standard.USD * 3 } },
        ],
        createdAt: new Date(now - Math.floor(rng.next() * TWO_YEARS_MS)),
        generator: generator.name,
      });
    }
    await createOffers(db, chunk);
    options.onProgress?.(Math.min(total, start + CHUNK));
  }
  await runLongStatement(database, 'vacuum analyze offers, offer_attributes');
}
