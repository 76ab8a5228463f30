import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import {
  ImageProviderError,
  ProviderRefusedError,
  type ImageGenerator,
} from '../../infra/image-generation/index.js';
import { JobTimeoutError, type JobHandler } from '../../infra/queue/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import type { JobEvents } from './job-events.js';
import { GENERATION_MESSAGES } from '@pictura/contract';
import { fitToQuality, makeOwnerPreview, pictureKey, previewKey } from './pictures.js';
import { generationJobs, type GeneratedPictureRow, type GenerationJobRow } from './schema.js';
import { deliver, giveBack, lockJob } from './settlement.js';

/** What a queued generation carries: the job row holds everything else. */
export interface GenerationJobData {
  jobId: string;
}

export interface RunnerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RunnerDeps {
  db: Db;
  storage: FileStorage;
  generator: ImageGenerator;
  events: JobEvents;
  log: RunnerLogger;
}

// Progress is written to the row at most this often; streams in this process get every step.
const PROGRESS_WRITE_INTERVAL_MS = 500;

/**
 * One attempt at a generation job (issue 6, point 2): mark it running, paint its pictures with
 * progress, keep them in storage, then deliver (capture). A failure puts the job back in the queue
 * for pg-boss's retry; the last attempt, or a failure no retry can mend (a refused prompt), fails it
 * and gives the price back.
 */
export function createGenerationRunner(deps: RunnerDeps): JobHandler<GenerationJobData> {
  const { db, events, log } = deps;
  return async (job, signal) => {
    const { jobId } = job.data;
    const row = await startAttempt(db, jobId);
    if (!row) return; // cancelled or finished meanwhile: nothing to do, nothing to retry
    events.publish(jobId, { type: 'changed' });
    try {
      const pictures = await paint(deps, row, signal);
      if (await deliver(db, jobId, pictures, deps.generator.name)) {
        events.publish(jobId, { type: 'changed' });
      } else {
        // Settled meanwhile without these pictures (the sweep gave it up): nobody will see them.
        log.warn({ jobId }, 'generation finished after it was settled');
        await removePictures(deps.storage, row);
      }
    } catch (err) {
      const permanent = err instanceof ImageProviderError && !err.retryable;
      log.warn(
        { err, jobId, attempt: job.attempt, lastAttempt: job.lastAttempt, permanent },
        'generation attempt failed',
      );
      if (permanent || job.lastAttempt) {
        await giveBack(db, jobId, { status: 'failed', message: messageFor(err, signal) });
        events.publish(jobId, { type: 'changed' });
        await removePictures(deps.storage, row);
        if (permanent) return; // settled; retrying would only fail again
      } else {
        await backToQueue(db, jobId);
        events.publish(jobId, { type: 'changed' });
      }
      throw err;
    }
  };
}

async function startAttempt(db: Db, jobId: string): Promise<GenerationJobRow | undefined> {
  return db.transaction(async (tx) => {
    const job = await lockJob(tx, jobId);
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return undefined;
    const [running] = await tx
      .update(generationJobs)
      .set({
        status: 'running',
        progress: 0,
        attempts: job.attempts + 1,
        updatedAt: sql`now()`,
      })
      .where(eq(generationJobs.id, jobId))
      .returning();
    return running;
  });
}

async function backToQueue(db: Db, jobId: string): Promise<void> {
  await db
    .update(generationJobs)
    .set({ status: 'queued', progress: 0, updatedAt: sql`now()` })
    .where(and(eq(generationJobs.id, jobId), eq(generationJobs.status, 'running')));
}

async function paint(
  { db, storage, generator, events }: RunnerDeps,
  job: GenerationJobRow,
  signal: AbortSignal,
): Promise<GeneratedPictureRow[]> {
  const progress = progressWriter(db, events, job.id);
  const pictures: GeneratedPictureRow[] = [];
  for (let n = 1; n <= job.count; n += 1) {
    const made = await generator.generate(
      {
        prompt: job.prompt,
        style: job.style,
        orientation: job.orientation,
        seed: job.seed + n - 1,
        ...(job.negativePrompt ? { negativePrompt: job.negativePrompt } : {}),
      },
      {
        signal,
        // Painting is most of the work; the last 5 per cent are storing and the preview.
        onProgress: ({ fraction }) => progress(((n - 1 + fraction * 0.95) / job.count) * 100),
      },
    );
    signal.throwIfAborted();
    const image = await fitToQuality(made, job.quality);
    const { preview, placeholder } = await makeOwnerPreview(image.bytes);
    await storage.put(pictureKey(job.id, n), image.bytes);
    await storage.put(previewKey(job.id, n), preview);
    pictures.push({
      jobId: job.id,
      n,
      storageKey: pictureKey(job.id, n),
      contentType: image.contentType,
      previewKey: previewKey(job.id, n),
      width: image.width,
      height: image.height,
      placeholder,
    });
    progress((n / job.count) * 99);
  }
  return pictures;
}

/** Reports progress to this process at once and to the row now and then (never 100: success does). */
function progressWriter(db: Db, events: JobEvents, jobId: string): (percent: number) => void {
  let shown = 0;
  let writtenAt = 0;
  return (value) => {
    const percent = Math.min(99, Math.max(0, Math.floor(value)));
    if (percent <= shown) return;
    shown = percent;
    events.publish(jobId, { type: 'progress', percent });
    const now = Date.now();
    if (now - writtenAt < PROGRESS_WRITE_INTERVAL_MS) return;
    writtenAt = now;
    // Not awaited: painting goes on; the row only matters to streams in other processes.
    void db
      .update(generationJobs)
      .set({ progress: percent, updatedAt: sql`now()` })
      .where(
        and(
          eq(generationJobs.id, jobId),
          eq(generationJobs.status, 'running'),
          sql`${generationJobs.progress} < ${percent}`,
        ),
      )
      .catch(() => undefined);
  };
}

function messageFor(err: unknown, signal: AbortSignal): string {
  if (err instanceof ProviderRefusedError) return GENERATION_MESSAGES.refused;
  if (err instanceof JobTimeoutError || signal.reason instanceof JobTimeoutError) {
    return GENERATION_MESSAGES.timedOut;
  }
  return GENERATION_MESSAGES.failed;
}

/** Pictures stored by a failed attempt are of no use to anyone; losing this clean-up costs only disk. */
async function removePictures(storage: FileStorage, job: GenerationJobRow): Promise<void> {
  for (let n = 1; n <= job.count; n += 1) {
    await storage.delete(pictureKey(job.id, n)).catch(() => undefined);
    await storage.delete(previewKey(job.id, n)).catch(() => undefined);
  }
}
