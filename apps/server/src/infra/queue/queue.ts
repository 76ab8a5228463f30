import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/index.js';
import { executorFor, transactionExecutor } from './executor.js';
import {
  startWorkerLoop,
  type JobHandler,
  type WorkerLogger,
  type WorkerLoop,
} from './worker-loop.js';

export interface QueueLogger extends WorkerLogger {
  warn(details: object, message: string): void;
}

export interface JobQueueOptions {
  log: QueueLogger;
  /**
   * Run pg-boss's maintenance here (expiring jobs whose worker died, archiving, deleting). Worker
   * processes do; an API process that only sends jobs does not.
   */
  maintenance: boolean;
  /** How often maintenance runs; pg-boss's default is 120. */
  maintenanceIntervalSeconds?: number;
}

export interface SendOptions {
  /** The job's id (a UUID); the caller's own record can then share it. */
  id: string;
  /** Retries after the first attempt fails. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff each further retry waits about twice as long. */
  retryDelaySeconds: number;
  /** How long one attempt may run before it counts as failed. */
  expireInSeconds: number;
  /** Where the job goes when its last attempt fails. */
  deadLetter?: string;
}

export interface WorkOptions {
  /** Jobs of this queue run at once in this process. */
  concurrency: number;
  pollingIntervalMs: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** The durable job queue (docs/product/system.md): pg-boss on the app's own database. */
export interface JobQueue {
  /** Installs or migrates pg-boss's schema (under its advisory lock) and starts maintenance. */
  start(): Promise<void>;
  /** Makes a queue if it does not exist yet. */
  createQueue(name: string): Promise<void>;
  /** Queues a job; inside `tx` it is queued only if that transaction commits. */
  send(name: string, data: object, options: SendOptions, tx?: Db): Promise<void>;
  /** Starts this process's workers for a queue. */
  work<T>(name: string, options: WorkOptions, handler: JobHandler<T>): void;
  /** Wakes this process's idle workers of a queue, e.g. right after sending it a job. */
  notify(name: string): void;
  /** Where a job is; null when pg-boss no longer knows it (deleted after its retention). */
  stateOf(name: string, id: string): Promise<JobState | null>;
  /** Cancels a job that has not started; inside `tx` only if that transaction commits. */
  cancel(name: string, id: string, tx?: Db): Promise<void>;
  /** Stops the workers (aborting their jobs and recording them as failed), then pg-boss. */
  stop(): Promise<void>;
}

const CREATE_QUEUE_ATTEMPTS = 5;

function isDeadlock(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '40P01';
}

export function createJobQueue(database: Database, options: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    db: executorFor(database),
    // No cron schedules are used; the timekeeper would only poll for them.
    schedule: false,
    supervise: options.maintenance,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
  });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  const loops = new Map<string, WorkerLoop[]>();
  let started = false;

  return {
    async start() {
      await boss.start();
      started = true;
    },
    async createQueue(name) {
      // Processes that start together each create the same queues, and pg-boss's create_queue
      // (an insert plus a partition table) can deadlock against another's. PostgreSQL then aborts
      // one side, whose next try finds the queue made or makes it unopposed.
      for (let attempt = 1; ; attempt++) {
        if (await boss.getQueue(name)) return;
        try {
          await boss.createQueue(name);
          return;
        } catch (err) {
          if (attempt >= CREATE_QUEUE_ATTEMPTS || !isDeadlock(err)) throw err;
        }
      }
    },
    async send(name, data, send, tx) {
      const id = await boss.send(name, data, {
        id: send.id,
        retryLimit: send.retryLimit,
        retryDelay: send.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: send.expireInSeconds,
        ...(send.deadLetter ? { deadLetter: send.deadLetter } : {}),
        ...(tx ? { db: transactionExecutor(tx) } : {}),
      });
      // pg-boss answers null when nothing was inserted (an unknown queue, a duplicate id).
      if (id === null) throw new Error(`The job could not be queued on ${name}`);
    },
    work(name, { concurrency, pollingIntervalMs }, handler) {
      if (!started) throw new Error('Start the job queue before its workers');
      const workers = Array.from({ length: concurrency }, () =>
        startWorkerLoop({ boss, queue: name, pollingIntervalMs, handler, log: options.log }),
      );
      loops.set(name, [...(loops.get(name) ?? []), ...workers]);
    },
    notify(name) {
      for (const loop of loops.get(name) ?? []) loop.notify();
    },
    async stateOf(name, id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      return job?.state ?? null;
    },
    async cancel(name, id, tx) {
      await boss.cancel(name, id, tx ? { db: transactionExecutor(tx) } : {});
    },
    async stop() {
      const all = [...loops.values()].flat();
      loops.clear();
      await Promise.all(all.map((loop) => loop.stop()));
      if (started) {
        started = false;
        // Nothing of pg-boss's own is running (no `work`), so there is nothing to wait for.
        await boss.stop({ graceful: false });
      }
    },
  };
}
