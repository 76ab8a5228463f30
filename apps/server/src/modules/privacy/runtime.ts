import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import { createJobQueue, type JobQueue } from '../../infra/queue/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import type { MailOutbox } from '../mail/index.js';
import { createExportJobHandler, DATA_EXPORT_QUEUE } from './export-job.js';
import { startPrivacySweep } from './sweep.js';

export interface DataExportRuntime {
  readonly queue: JobQueue;
  stop(): Promise<void>;
}

// One export at a time per process: they are rare, and each holds the user's pictures in memory.
const EXPORTS_PER_PROCESS = 1;

/**
 * Starts the data-export side of the job queue: the queue every API process sends to, and, when
 * `runWorkers` (WORKER=1, or `npm run worker`), the worker that makes the exports and the sweep
 * that removes expired export files and erases records past their retention period (sweep.ts).
 */
export async function startDataExportRuntime(options: {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  outbox: MailOutbox;
  log: FastifyBaseLogger;
  runWorkers: boolean;
  pollingIntervalMs?: number;
  sweepIntervalMs?: number;
}): Promise<DataExportRuntime> {
  const { config, database, storage, outbox, log, runWorkers } = options;
  const queue = createJobQueue(database, { log, maintenance: false });
  await queue.start();
  await queue.createQueue(DATA_EXPORT_QUEUE);
  let stopSweep = async (): Promise<void> => {};
  if (runWorkers) {
    stopSweep = startPrivacySweep(
      {
        db: database.db,
        storage,
        log,
        recordRetentionYears: config.recordRetentionYears,
      },
      options.sweepIntervalMs,
    );
    queue.work(
      DATA_EXPORT_QUEUE,
      { concurrency: EXPORTS_PER_PROCESS, pollingIntervalMs: options.pollingIntervalMs ?? 1_000 },
      createExportJobHandler({
        db: database.db,
        storage,
        config,
        log,
        outbox,
      }),
    );
  }
  return {
    queue,
    async stop() {
      await stopSweep();
      await queue.stop();
    },
  };
}
