import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import type { JobHandler, JobQueue } from '../../infra/queue/index.js';
import type { JobEvents } from './job-events.js';
import { GENERATION_MESSAGES } from '@pictura/contract';
import { GENERATION_QUEUE } from './queues.js';
import type { GenerationJobData, RunnerLogger } from './runner.js';
import { generationJobs } from './schema.js';
import { giveBack } from './settlement.js';

export interface SweepDeps {
  db: Db;
  queue: JobQueue;
  events: JobEvents;
  log: RunnerLogger;
}

/**
 * The dead letter queue's handler: a job whose last attempt failed without settling it (its
 * worker died, or pg-boss expired it) gives its price back here. A job already settled is left as it is.
 */
export function createDeadLetterHandler({
  db,
  events,
  log,
}: SweepDeps): JobHandler<GenerationJobData> {
  return async (job) => {
    const { jobId } = job.data;
    const released = await giveBack(db, jobId, {
      status: 'failed',
      message: GENERATION_MESSAGES.failed,
    });
    if (!released) return;
    log.info({ jobId }, 'generation failed after its last attempt; price given back');
    events.publish(jobId, { type: 'changed' });
  };
}

const SWEEP_BATCH = 100;

/**
 * The last safety net: an unfinished job whose queue entry is gone, failed or cancelled will never
 * run again (say its dead letter job failed too, or the queue's tables were cleared), so its price
 * goes back. Only jobs untouched for `staleAfterMs` are looked at; a waiting job's entry is still
 * `created` or `retry` and is left alone.
 */
export async function sweepAbandonedJobs(
  { db, queue, events, log }: SweepDeps,
  staleAfterMs: number,
): Promise<number> {
  const stale = await db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(
      and(
        inArray(generationJobs.status, ['queued', 'running']),
        lt(generationJobs.updatedAt, new Date(Date.now() - staleAfterMs)),
      ),
    )
    .limit(SWEEP_BATCH);
  let released = 0;
  for (const { id } of stale) {
    const state = await queue.stateOf(GENERATION_QUEUE, id);
    if (state === 'created' || state === 'retry' || state === 'active') continue;
    const job = await giveBack(db, id, { status: 'failed', message: GENERATION_MESSAGES.failed });
    if (!job) continue;
    released += 1;
    log.warn({ jobId: id, queueState: state }, 'abandoned generation released by the sweep');
    events.publish(id, { type: 'changed' });
  }
  return released;
}
