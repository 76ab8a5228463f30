import { randomInt, randomUUID } from 'node:crypto';
import {
  BALANCE_MESSAGES,
  GENERATION_MESSAGES,
  type GenerationAccepted,
  type GenerationJob,
  type GenerationRequest,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import type { JobQueue } from '../../infra/queue/index.js';
import { assertNoDebt, InsufficientBalanceError, postLedgerEntry } from '../ledger/index.js';
import type { JobEvents } from './job-events.js';
import type { PromptModerator } from './moderation.js';
import { priceOf } from './prices.js';
import { GENERATION_DEAD_LETTER_QUEUE, GENERATION_QUEUE } from './queues.js';
import { findJob } from './reads.js';
import { generationJobs } from './schema.js';
import { generationReference, giveBack } from './settlement.js';
import { generationVat } from './vat.js';

// Picture n of a job is painted with seed + n - 1, which must stay a 32-bit integer.
const GENERATION_SEED_HEADROOM = 16;

/** How the queue treats a generation's attempts. */
export interface AttemptPolicy {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Before the first retry; pg-boss doubles it (with jitter) for each further one. */
  retryDelaySeconds: number;
  /** How long one attempt at `count` pictures may run. */
  timeoutSeconds(count: number): number;
}

export interface SubmitDeps {
  db: Db;
  queue: JobQueue;
  events: JobEvents;
  moderator: PromptModerator;
  attempts: AttemptPolicy;
  /** The shop's member state: the VAT country of a user without a billing country (vat.ts). */
  shopCountry: string;
}

/** Work done inside a submission's transaction, such as noting the job on its Idempotency-Key. */
export interface SubmitOptions {
  inTransaction?: (tx: Db, jobId: string) => Promise<void>;
}

export function createSubmissions({
  db,
  queue,
  events,
  moderator,
  attempts,
  shopCountry,
}: SubmitDeps) {
  return {
    /**
     * Takes a request: in one transaction the price is held from the balance,
     * the job is recorded with the VAT country and rate of the moment (its VAT is due on capture)
     * and queued, so there is never a hold without a job or a job without its
     * queue entry. Too little balance refuses it with a field error on `count` (fewer pictures
     * may fit); a refused prompt with one on `prompt`.
     */
    async submit(
      userId: string,
      request: GenerationRequest,
      { inTransaction }: SubmitOptions = {},
    ): Promise<GenerationAccepted> {
      if (!moderator(request.prompt)) {
        throw new AppError('VALIDATION', { prompt: GENERATION_MESSAGES.promptRefused });
      }
      const id = randomUUID();
      const price = priceOf(request.quality, request.count, request.currency);
      try {
        await db.transaction(async (tx) => {
          // An amount owed from a dispute or a provider refund pauses spending.
          await assertNoDebt(tx, userId, request.currency);
          await postLedgerEntry(tx, {
            userId,
            currency: request.currency,
            amount: -price,
            kind: 'generationHold',
            reference: generationReference(id),
          });
          const vat = await generationVat(tx, userId, shopCountry);
          await tx.insert(generationJobs).values({
            id,
            userId,
            prompt: request.prompt,
            // An empty negative prompt is none.
            negativePrompt: request.negativePrompt || null,
            style: request.style,
            orientation: request.orientation,
            quality: request.quality,
            count: request.count,
            seed: randomInt(2 ** 31 - GENERATION_SEED_HEADROOM),
            currency: request.currency,
            price,
            vatCountry: vat.country,
            vatRate: vat.rate,
          });
          await queue.send(
            GENERATION_QUEUE,
            { jobId: id },
            {
              id,
              retryLimit: attempts.retryLimit,
              retryDelaySeconds: attempts.retryDelaySeconds,
              expireInSeconds: attempts.timeoutSeconds(request.count),
              deadLetter: GENERATION_DEAD_LETTER_QUEUE,
            },
            tx,
          );
          await inTransaction?.(tx, id);
        });
      } catch (err) {
        if (err instanceof InsufficientBalanceError) {
          throw new AppError('VALIDATION', { count: BALANCE_MESSAGES.insufficient });
        }
        throw err;
      }
      queue.notify(GENERATION_QUEUE);
      return { id, status: 'queued' };
    },

    /**
     * Cancels a job that is still queued and gives its price back; its queue entry is cancelled in
     * the same transaction. Cancelling a cancelled job again answers it as it is. Undefined when the
     * user has no such job.
     */
    async cancel(userId: string, jobId: string): Promise<GenerationJob | undefined> {
      const job = await findJob(db, userId, jobId);
      if (!job) return undefined;
      if (job.status === 'cancelled') return job;
      const cancelled = await giveBack(
        db,
        jobId,
        { status: 'cancelled', message: GENERATION_MESSAGES.cancelled },
        { from: ['queued'], alsoInTx: (tx) => queue.cancel(GENERATION_QUEUE, jobId, tx) },
      );
      if (!cancelled) throw new AppError('CONFLICT', { '': GENERATION_MESSAGES.notCancellable });
      events.publish(jobId, { type: 'changed' });
      return findJob(db, userId, jobId);
    },
  };
}
