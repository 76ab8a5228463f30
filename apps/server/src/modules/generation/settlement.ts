import { eq, sql } from 'drizzle-orm';
import { vatIncluded, type GenerationStatus } from '@pictura/contract';
import { READ_COMMITTED, type Db } from '../../infra/db/index.js';
import { creditBalance, hasLedgerEntry, postLedgerEntry } from '../ledger/index.js';
import {
  generatedPictures,
  generationJobs,
  type GeneratedPictureRow,
  type GenerationJobRow,
} from './schema.js';

/** The ledger reference of a job's hold, capture and release: one of each at most. */
export const generationReference = (jobId: string): string => `generation:${jobId}`;

/**
 * The job row, locked until the transaction ends: captures and releases of one job take turns.
 * Callers run READ COMMITTED, so one that waited for the lock reads the status the holder set.
 */
export async function lockJob(tx: Db, jobId: string): Promise<GenerationJobRow | undefined> {
  const [job] = await tx
    .select()
    .from(generationJobs)
    .where(eq(generationJobs.id, jobId))
    .for('update');
  return job;
}

/**
 * Whether `attempt` is the job's current attempt: a retry started after an attempt ran out of time
 * owns the job from then on, and the older attempt, still finishing somewhere, may settle nothing.
 */
export const ownsJob = (job: GenerationJobRow, attempt: number): boolean =>
  job.status === 'running' && job.attempts === attempt;

/**
 * The pictures arrived: the job succeeds and the held price becomes a charge (a capture entry of
 * 0, the money left the balance with the hold) and the VAT it includes is recorded, at the rate
 * fixed on submission. Only the running job's current attempt can
 * deliver, so a job that was released meanwhile is never also captured, and of two attempts only
 * the current one's pictures are kept. False when nothing was done.
 */
export async function deliver(
  db: Db,
  jobId: string,
  attempt: number,
  pictures: readonly GeneratedPictureRow[],
  generator: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const job = await lockJob(tx, jobId);
    if (!job || !ownsJob(job, attempt)) return false;
    if (pictures.length > 0) await tx.insert(generatedPictures).values([...pictures]);
    await tx
      .update(generationJobs)
      .set({
        status: 'succeeded',
        progress: 100,
        error: null,
        generator,
        vatAmount: vatIncluded(job.price, job.vatRate),
        updatedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(eq(generationJobs.id, jobId));
    await postLedgerEntry(tx, {
      userId: job.userId,
      currency: job.currency,
      amount: 0,
      kind: 'generationCapture',
      reference: generationReference(jobId),
    });
    return true;
  }, READ_COMMITTED);
}

/** Which jobs `giveBack` may settle, and what it does beside. */
export interface GiveBackOptions {
  /** The statuses it settles from (a cancel: queued only). */
  from?: readonly GenerationStatus[];
  /** Only while this attempt owns the job (`ownsJob`): a runner settles its own attempt only. */
  attempt?: number;
  /** Runs in the same transaction (cancelling the queue's job). */
  alsoInTx?: (tx: Db) => Promise<void>;
}

/**
 * The job ends without pictures (failed, timed out, cancelled): the held price goes back to the
 * balance. Only from one of `from`, so a delivered job is never also released; the ledger's
 * (kind, reference) makes a second release impossible as well. Nothing was sold, so the job's VAT
 * stays 0. The row as it was, or undefined
 * when nothing was done.
 */
export async function giveBack(
  db: Db,
  jobId: string,
  change: { status: Extract<GenerationStatus, 'failed' | 'cancelled'>; message: string },
  { from = ['queued', 'running'], attempt, alsoInTx }: GiveBackOptions = {},
): Promise<GenerationJobRow | undefined> {
  return db.transaction(async (tx) => {
    const job = await lockJob(tx, jobId);
    if (!job || !from.includes(job.status)) return undefined;
    if (attempt !== undefined && !ownsJob(job, attempt)) return undefined;
    const reference = generationReference(jobId);
    // Defence in depth: the hold is written with the job, so this only fails if that ever changed.
    if (!(await hasLedgerEntry(tx, 'generationHold', reference))) {
      throw new Error(`Generation ${jobId} has no hold to release`);
    }
    await tx
      .update(generationJobs)
      .set({
        status: change.status,
        error: change.message,
        vatAmount: 0,
        updatedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(eq(generationJobs.id, jobId));
    // What a dispute or a provider refund left owed meanwhile is paid first.
    await creditBalance(tx, {
      userId: job.userId,
      currency: job.currency,
      amount: job.price,
      kind: 'generationRelease',
      reference,
    });
    await alsoInTx?.(tx);
    return job;
  }, READ_COMMITTED);
}
