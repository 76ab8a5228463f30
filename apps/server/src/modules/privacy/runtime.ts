import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import { createJobQueue, type JobQueue } from '../../infra/queue/index.js';
import { deriveKey } from '../../infra/secret.js';
import type { FileStorage } from '../../infra/storage/index.js';
import type { MailOutbox } from '../mail/index.js';
import { createExportJobHandler, DATA_EXPORT_QUEUE } from './export-job.js';

export interface DataExportRuntime {
  readonly queue: JobQueue;
  stop(): Promise<void>;
}

// One export at a time per process: they are rare, and each holds the user's pictures in memory.
const EXPORTS_PER_PROCESS = 1;

/**
 * Starts the data-export side of the job queue: the queue every API process sends to, and, when
 * `runWorkers` (WORKER=1, or `npm run worker`), the worker that makes the exports.
 */
export async function startDataExportRuntime(options: {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  secret: string;
  outbox: MailOutbox;
  log: FastifyBaseLogger;
  runWorkers: boolean;
  pollingIntervalMs?: number;
}): Promise<DataExportRuntime> {
  const { config, database, storage, secret, outbox, log, runWorkers } = options;
  const queue = createJobQueue(database, { log, maintenance: false });
  await queue.start();
  await queue.createQueue(DATA_EXPORT_QUEUE);
  if (runWorkers) {
    queue.work(
      DATA_EXPORT_QUEUE,
      { concurrency: EXPORTS_PER_PROCESS, pollingIntervalMs: options.pollingIntervalMs ?? 1_000 },
      createExportJobHandler({
        db: database.db,
        storage,
        config,
        log,
        outbox,
        tokenKey: deriveKey(secret, 'data-export'),
      }),
    );
  }
  return { queue, stop: () => queue.stop() };
}
