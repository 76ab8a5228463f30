import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { READ_COMMITTED, type Db } from '../../infra/db/index.js';
import {
  ImageProviderError,
  ProviderRefusedError,
  type ImageGenerator,
} from '../../infra/image-generation/index.js';
import type { AppConfig } from '../../config.js';
import { createFileSigner, generatorAgent } from '../../infra/images/index.js';
import { JobTimeoutError, type JobHandler } from '../../infra/queue/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import type { JobEvents } from './job-events.js';
import { GENERATION_MESSAGES } from '@pictura/contract';
import { generatedPictureMarks, markGenerated } from './picture-marks.js';
import { fitToQuality, makeOwnerPreview, pictureKey, previewKey } from './pictures.js';
import {
  generatedPictures,
  generationJobs,
  type GeneratedPictureRow,
  type GenerationJobRow,
} from './schema.js';
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
  /** The shop's address, for the licence URL written into every picture. */
  publicUrl: string;
  /** What signs the pictures' C2PA manifests, and which model a remote generator runs. */
  config: Pick<AppConfig, 'dataDir' | 'c2pa' | 'imageGeneration'>;
}

// Progress is written to the row at most this often; streams in this process get every step.
const PROGRESS_WRITE_INTERVAL_MS = 500;

/**
 * One attempt at a generation job: mark it running, paint its pictures with
 * progress, keep them in storage, then deliver (capture). A failure puts the job back in the queue
 * for pg-boss's retry; the last attempt, or a failure no retry can mend (a refused prompt), fails it
 * and gives the price back. An attempt that ran out of time may still be finishing when the retry
 * has started: it stores under keys of its own, and settles and re-queues nothing once a newer
 * attempt owns the job (`ownsJob`).
 */
export function createGenerationRunner(deps: RunnerDeps): JobHandler<GenerationJobData> {
  const { db, events, log } = deps;
  return async (job, signal) => {
    const { jobId } = job.data;
    const row = await startAttempt(db, jobId);
    if (!row) return; // cancelled or finished meanwhile: nothing to do, nothing to retry
    const attempt = row.attempts;
    events.publish(jobId, { type: 'changed' });
    try {
      const pictures = await paint(deps, row, signal);
      if (await deliver(db, jobId, attempt, pictures, deps.generator.name)) {
        events.publish(jobId, { type: 'changed' });
      } else {
        // Settled meanwhile (the sweep gave it up), or a newer attempt owns it: nobody will see these.
        log.warn({ jobId, attempt }, 'generation attempt finished after it lost the job');
        await removeUndelivered(deps, row);
      }
    } catch (err) {
      const permanent = err instanceof ImageProviderError && !err.retryable;
      log.warn(
        { err, jobId, attempt: job.attempt, lastAttempt: job.lastAttempt, permanent },
        'generation attempt failed',
      );
      if (permanent || job.lastAttempt) {
        await giveBack(
          db,
          jobId,
          { status: 'failed', message: messageFor(err, signal) },
          { attempt },
        );
      } else {
        await backToQueue(db, jobId, attempt);
      }
      events.publish(jobId, { type: 'changed' });
      await removeUndelivered(deps, row);
      if (permanent) return; // settled; retrying would only fail again
      throw err;
    }
  };
}

async function startAttempt(db: Db, jobId: string): Promise<GenerationJobRow | undefined> {
  // READ COMMITTED: an attempt that waited for the row's lock counts on from the holder's attempts.
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
  }, READ_COMMITTED);
}

/** The job waits for its retry, unless a newer attempt runs it already. */
async function backToQueue(db: Db, jobId: string, attempt: number): Promise<void> {
  await db
    .update(generationJobs)
    .set({ status: 'queued', progress: 0, updatedAt: sql`now()` })
    .where(
      and(
        eq(generationJobs.id, jobId),
        eq(generationJobs.status, 'running'),
        eq(generationJobs.attempts, attempt),
      ),
    );
}

async function paint(
  { db, storage, generator, events, publicUrl, config }: RunnerDeps,
  job: GenerationJobRow,
  signal: AbortSignal,
): Promise<GeneratedPictureRow[]> {
  const progress = progressWriter(db, events, job.id);
  const signFile = createFileSigner(config);
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
    const marks = generatedPictureMarks(job, publicUrl);
    const marked = await markGenerated(await fitToQuality(made, job.quality), marks);
    // Signed once, as made: the download and the owner's preview are served as stored.
    const provenance = {
      title: marks.title,
      digitalSourceType: marks.digitalSourceType,
      generator: generatorAgent(config, generator.name),
    };
    const image = { ...marked, bytes: await signFile(marked.bytes, provenance) };
    const owner = await makeOwnerPreview(marked.bytes, marks);
    const preview = await signFile(owner.preview, provenance, {
      actions: [{ action: 'c2pa.resized' }, { action: 'c2pa.transcoded' }],
      original: image.bytes,
      originalSigned: true,
    });
    const { placeholder } = owner;
    const keys = {
      picture: pictureKey(job.id, job.attempts, n),
      preview: previewKey(job.id, job.attempts, n),
    };
    await storage.put(keys.picture, image.bytes, { signal });
    await storage.put(keys.preview, preview, { signal });
    pictures.push({
      jobId: job.id,
      n,
      storageKey: keys.picture,
      contentType: image.contentType,
      previewKey: keys.preview,
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

/**
 * Removes the files an attempt stored that no delivered picture refers to: of no use to anyone.
 * The keys are the attempt's own, so this never touches another attempt's pictures; the check
 * against the delivered rows keeps the rule whatever the keys. Losing this clean-up costs only disk.
 */
async function removeUndelivered(
  { db, storage, log }: RunnerDeps,
  attempt: GenerationJobRow,
): Promise<void> {
  const keys = Array.from({ length: attempt.count }, (_, i) => [
    pictureKey(attempt.id, attempt.attempts, i + 1),
    previewKey(attempt.id, attempt.attempts, i + 1),
  ]).flat();
  try {
    const delivered = await db
      .select({ picture: generatedPictures.storageKey, preview: generatedPictures.previewKey })
      .from(generatedPictures)
      .where(
        or(
          inArray(generatedPictures.storageKey, keys),
          inArray(generatedPictures.previewKey, keys),
        ),
      );
    const kept = new Set(delivered.flatMap((row) => [row.picture, row.preview]));
    for (const key of keys.filter((candidate) => !kept.has(candidate))) {
      await storage.delete(key);
    }
  } catch (err) {
    log.warn({ err, jobId: attempt.id }, 'could not remove the pictures of an attempt');
  }
}
