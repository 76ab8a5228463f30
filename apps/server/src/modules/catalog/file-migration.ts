import { availableParallelism } from 'node:os';
import { asc, eq, lt } from 'drizzle-orm';
import { PREVIEW_FORMATS } from '@pictura/contract';
import { makePreview, previewWidthsFor } from '../../infra/images/index.js';
import type { Database } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { withSeedLock } from './catalog-lock.js';
import { makeStandardFile, originalStorageKey, previewStorageKey } from './images.js';
import { createLimiter } from './limiter.js';
import { previewMarks } from './picture-marks.js';
import { offers } from './schema.js';

/**
 * The generation of a picture's derived files that this code makes (`offers.files_version`):
 * 1 = a standard download file kept per picture, and previews with marks in them.
 */
export const CURRENT_FILES_VERSION = 1;

export interface FileMigrationDeps {
  database: Database;
  storage: FileStorage;
  publicUrl: string;
}

export interface FileMigrationProgress {
  done: number;
  total: number;
  /** Pictures whose original is missing from storage: left as they are, and tried again next time. */
  missing: number;
}

export interface FileMigrationOptions {
  /** Called once before the first picture (done 0) and after each one. */
  onProgress?: (progress: FileMigrationProgress) => void;
  concurrency?: number;
}

/**
 * Brings the files of pictures from an older catalog up to CURRENT_FILES_VERSION, once: makes each
 * picture's standard download with its marks, and encodes again, with marks, the previews already
 * kept (the others are made with marks when first asked for). A picture is done when its offers'
 * `files_version` is current, written after its files: a stopped run starts again where it was,
 * and a second run finds nothing to do. Runs under the seeding lock, so two runs do not overlap.
 */
export async function migrateCatalogFiles(
  deps: FileMigrationDeps,
  options: FileMigrationOptions = {},
): Promise<FileMigrationProgress> {
  const { database, storage, publicUrl } = deps;
  const db = database.db;
  return withSeedLock(database, async () => {
    // One row per picture: the first offer showing it names it (as its previews do).
    const pictures = await db
      .selectDistinctOn([offers.imageKey], {
        imageKey: offers.imageKey,
        width: offers.width,
        height: offers.height,
        title: offers.title,
        createdAt: offers.createdAt,
        digitalSourceType: offers.digitalSourceType,
      })
      .from(offers)
      .where(lt(offers.filesVersion, CURRENT_FILES_VERSION))
      .orderBy(asc(offers.imageKey), asc(offers.id));
    const progress: FileMigrationProgress = { done: 0, total: pictures.length, missing: 0 };
    options.onProgress?.({ ...progress });
    const limit = createLimiter(options.concurrency ?? availableParallelism());
    await Promise.all(
      pictures.map((picture) =>
        limit(async () => {
          const original = await storage.get(originalStorageKey(picture.imageKey));
          if (original) {
            const marks = previewMarks(picture, publicUrl);
            await makeStandardFile(storage, picture, marks, original);
            for (const width of previewWidthsFor(picture.width)) {
              for (const format of PREVIEW_FORMATS) {
                const key = previewStorageKey(picture.imageKey, width, format);
                if (!(await storage.has(key))) continue;
                await storage.put(key, await makePreview(original, width, format, marks));
              }
            }
            await db
              .update(offers)
              .set({ filesVersion: CURRENT_FILES_VERSION })
              .where(eq(offers.imageKey, picture.imageKey));
          } else {
            progress.missing += 1;
          }
          progress.done += 1;
          options.onProgress?.({ ...progress });
        }),
      ),
    );
    return progress;
  });
}
