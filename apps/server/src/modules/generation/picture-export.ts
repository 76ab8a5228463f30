import { and, eq } from 'drizzle-orm';
import type { Style } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { generatedPictures, generationJobs } from './schema.js';

/** A delivered picture with what it was painted from, for another module to copy (the catalog). */
export interface ExportedPicture {
  bytes: Buffer;
  prompt: string;
  style: Style;
  /** The seed picture n was painted with (the job's seed + n - 1). */
  seed: number;
  /** The generator that painted it (`generation_jobs.generator`). */
  generator: string | null;
}

/**
 * One of the user's own delivered pictures; undefined for an unknown one, another user's, or one
 * whose file is gone. The generation module owns these tables, so others ask here.
 */
export async function readGeneratedPicture(
  db: Db,
  storage: FileStorage,
  { userId, jobId, n }: { userId: string; jobId: string; n: number },
): Promise<ExportedPicture | undefined> {
  const [row] = await db
    .select({
      storageKey: generatedPictures.storageKey,
      prompt: generationJobs.prompt,
      style: generationJobs.style,
      seed: generationJobs.seed,
      generator: generationJobs.generator,
    })
    .from(generatedPictures)
    .innerJoin(generationJobs, eq(generationJobs.id, generatedPictures.jobId))
    .where(
      and(
        eq(generatedPictures.jobId, jobId),
        eq(generatedPictures.n, n),
        eq(generationJobs.userId, userId),
      ),
    );
  if (!row) return undefined;
  const bytes = await storage.get(row.storageKey);
  if (!bytes) return undefined;
  return {
    bytes,
    prompt: row.prompt,
    style: row.style,
    seed: row.seed + n - 1,
    generator: row.generator,
  };
}
