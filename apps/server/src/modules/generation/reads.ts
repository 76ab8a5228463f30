import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  apiPathTo,
  GENERATION_JOBS_PAGE_SIZE,
  type GenerationJob,
  type GenerationJobList,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import {
  generatedPictures,
  generationJobs,
  type GeneratedPictureRow,
  type GenerationJobRow,
} from './schema.js';

// While queued: 1 + the queued jobs created before this one (the queue takes them in that order).
// Spelt out in SQL: Drizzle writes the outer columns unqualified, which inside the subquery would
// name the inner table's.
const queuePosition = sql<number | null>`case when generation_jobs.status = 'queued' then (
  select count(*)::int + 1 from generation_jobs ahead
  where ahead.status = 'queued'
    and (ahead.created_at, ahead.id) < (generation_jobs.created_at, generation_jobs.id)
) end`;

type JobWithPosition = GenerationJobRow & { queuePosition: number | null };
const jobWithPosition = { ...getTableColumns(generationJobs), queuePosition };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job id from a URL, or undefined when it cannot be one (answered 404 like an unknown id). */
export const jobIdFrom = (text: string): string | undefined =>
  UUID.test(text) ? text.toLowerCase() : undefined;

function toView(job: JobWithPosition, pictures: readonly GeneratedPictureRow[]): GenerationJob {
  return {
    id: job.id,
    prompt: job.prompt,
    negativePrompt: job.negativePrompt,
    style: job.style,
    orientation: job.orientation,
    quality: job.quality,
    count: job.count,
    currency: job.currency,
    price: job.price,
    status: job.status,
    progress: job.progress,
    queuePosition: job.queuePosition,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    pictures: pictures
      .filter((picture) => picture.jobId === job.id)
      .map((picture) => ({
        n: picture.n,
        width: picture.width,
        height: picture.height,
        placeholder: picture.placeholder,
        previewUrl: apiPathTo.generatedImagePreview(job.id, picture.n),
        downloadUrl: apiPathTo.generatedImageDownload(job.id, picture.n),
      })),
  };
}

async function picturesOf(db: Db, jobIds: readonly string[]): Promise<GeneratedPictureRow[]> {
  if (jobIds.length === 0) return [];
  return db
    .select()
    .from(generatedPictures)
    .where(inArray(generatedPictures.jobId, [...jobIds]))
    .orderBy(asc(generatedPictures.n));
}

/** One of the user's jobs; undefined for an unknown id and for another user's job alike. */
export async function findJob(
  db: Db,
  userId: string,
  jobId: string,
): Promise<GenerationJob | undefined> {
  const [job] = await db
    .select(jobWithPosition)
    .from(generationJobs)
    .where(and(eq(generationJobs.id, jobId), eq(generationJobs.userId, userId)));
  return job && toView(job, await picturesOf(db, [job.id]));
}

/** The user's jobs, newest first, GENERATION_JOBS_PAGE_SIZE after the job `before`. */
export async function listJobs(
  db: Db,
  userId: string,
  before?: string,
): Promise<GenerationJobList> {
  const after = before
    ? sql`(${generationJobs.createdAt}, ${generationJobs.id}) < (
        select created_at, id from generation_jobs where id = ${before} and user_id = ${userId})`
    : undefined;
  const rows = await db
    .select(jobWithPosition)
    .from(generationJobs)
    .where(and(eq(generationJobs.userId, userId), after))
    .orderBy(desc(generationJobs.createdAt), desc(generationJobs.id))
    .limit(GENERATION_JOBS_PAGE_SIZE + 1);
  const page = rows.slice(0, GENERATION_JOBS_PAGE_SIZE);
  const pictures = await picturesOf(
    db,
    page.map((job) => job.id),
  );
  return {
    items: page.map((job) => toView(job, pictures)),
    nextBefore: rows.length > GENERATION_JOBS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** A delivered picture's file keys, for its owner only. */
export async function findPicture(
  db: Db,
  userId: string,
  jobId: string,
  n: number,
): Promise<(GeneratedPictureRow & { generator: string | null }) | undefined> {
  const [picture] = await db
    .select({ ...getTableColumns(generatedPictures), generator: generationJobs.generator })
    .from(generatedPictures)
    .innerJoin(generationJobs, eq(generationJobs.id, generatedPictures.jobId))
    .where(
      and(
        eq(generatedPictures.jobId, jobId),
        eq(generatedPictures.n, n),
        eq(generationJobs.userId, userId),
      ),
    );
  return picture;
}
