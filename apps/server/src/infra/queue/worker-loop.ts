import type PgBoss from 'pg-boss';
import { jobDuration } from '../metrics/index.js';

/** A job as a handler sees it. */
export interface QueueJob<T> {
  readonly id: string;
  readonly data: T;
  /** 1 on the first run, 2 on the first retry, ... */
  readonly attempt: number;
  /** No retry follows if this run fails: the job then goes to the queue's dead letter queue. */
  readonly lastAttempt: boolean;
}

/**
 * Does the job. Resolving completes it; throwing fails this attempt (pg-boss retries it with
 * backoff, and after the last attempt moves it to the dead letter queue). `signal` aborts when the
 * attempt runs out of time or the process stops; the handler should then give up quickly.
 */
export type JobHandler<T> = (job: QueueJob<T>, signal: AbortSignal) => Promise<void>;

export interface WorkerLogger {
  error(details: object, message: string): void;
}

/** Why a handler's signal aborted when the process stops. */
export class QueueStoppingError extends Error {
  constructor() {
    super('The worker is stopping');
    this.name = 'QueueStoppingError';
  }
}

/** Why a handler's signal aborted when its attempt ran out of time. */
export class JobTimeoutError extends Error {
  constructor(seconds: number) {
    super(`The job ran longer than ${seconds} s`);
    this.name = 'JobTimeoutError';
  }
}

export interface WorkerLoop {
  /** Looks for a job now instead of at the end of the polling pause. */
  notify(): void;
  /** Aborts the running job, waits until its outcome is recorded, and stops. */
  stop(): Promise<void>;
}

// The attempt's own deadline comes before pg-boss's expiry (started_on + expire_in), so a slow
// attempt is failed here, and not also expired by maintenance while it is still running.
const DEADLINE_SHARE = 0.9;

/** After a notice: how many more looks, and how far apart, before the usual polling pause. */
const LOOKS_SOON_AFTER_NOTICE = 5;
const SOON_MS = 40;

// A handler that ignores its signal must not hold the worker (or a shutdown) for ever.
const ABORT_GRACE_MS = 5_000;

/**
 * Rejects with the abort reason ABORT_GRACE_MS after `signal` aborts, unless `cancel` comes first;
 * never settles otherwise.
 */
function giveUpAfterAbort(signal: AbortSignal): { given: Promise<never>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => {};
  const given = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      timer = setTimeout(() => reject(signal.reason as Error), ABORT_GRACE_MS);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return {
    given,
    cancel() {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
    },
  };
}

/**
 * One job at a time from one queue: fetch, run, then complete or fail it, awaited, so that a stop
 * leaves no job marked active behind (pg-boss's own `work` records the outcome without waiting).
 */
export function startWorkerLoop<T>(options: {
  boss: PgBoss;
  queue: string;
  pollingIntervalMs: number;
  handler: JobHandler<T>;
  log: WorkerLogger;
}): WorkerLoop {
  const { boss, queue, pollingIntervalMs, handler, log } = options;
  const stopping = new AbortController();
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function run(job: PgBoss.JobWithMetadata<T>): Promise<void> {
    const seconds = Number(job.expireInSeconds);
    const attempt = new AbortController();
    const timer = setTimeout(
      () => attempt.abort(new JobTimeoutError(seconds)),
      Math.max(1_000, seconds * 1_000 * DEADLINE_SHARE),
    );
    const signal = AbortSignal.any([stopping.signal, attempt.signal]);
    const queueJob: QueueJob<T> = {
      id: job.id,
      data: job.data,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    const giveUp = giveUpAfterAbort(signal);
    const endTimer = jobDuration.startTimer({ queue });
    try {
      await Promise.race([handler(queueJob, signal), giveUp.given]);
      endTimer({ outcome: 'completed' });
      await boss.complete(queue, job.id);
    } catch (err) {
      endTimer({ outcome: 'failed' });
      const message = err instanceof Error ? err.message : String(err);
      await boss.fail(queue, job.id, { message }).catch((failErr: unknown) => {
        // It stays active until its expiry; pg-boss's maintenance then retries it.
        log.error({ err: failErr, queue, jobId: job.id }, 'could not record a failed job');
      });
    } finally {
      clearTimeout(timer);
      giveUp.cancel();
    }
  }

  // A sender notifies as soon as it has queued a job inside its transaction. On PostgreSQL the
  // fetch that notice starts may run before that transaction commits and find nothing: the next
  // few looks come soon after, so the job waits milliseconds rather than a whole polling pause.
  let looksSoon = 0;
  const done = (async () => {
    while (!stopping.signal.aborted) {
      let job: PgBoss.JobWithMetadata<T> | undefined;
      try {
        [job] = await boss.fetch<T>(queue, { includeMetadata: true, batchSize: 1 });
      } catch (err) {
        log.error({ err, queue }, 'could not fetch a job');
      }
      if (job) await run(job);
      else if (stopping.signal.aborted) break;
      else if (looksSoon > 0) {
        looksSoon -= 1;
        await pause(Math.min(pollingIntervalMs, SOON_MS));
      } else await pause(pollingIntervalMs);
    }
  })();

  return {
    notify() {
      looksSoon = LOOKS_SOON_AFTER_NOTICE;
      wake?.();
    },
    async stop() {
      stopping.abort(new QueueStoppingError());
      wake?.();
      await done;
    },
  };
}
