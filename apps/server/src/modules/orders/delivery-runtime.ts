import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import { createJobQueue, type JobQueue } from '../../infra/queue/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { createDeliveredFilesJob, DELIVERED_FILES_QUEUE } from './delivery-job.js';

export interface DeliveryRuntime {
  readonly queue: JobQueue;
  stop(): Promise<void>;
}

// Signing is CPU work: one file at a time per process leaves the other core to the API.
const DELIVERIES_PER_PROCESS = 1;

/**
 * Starts the delivered-files side of the job queue: the queue fulfilment sends to, and, when
 * `runWorkers` (WORKER=1, or `npm run worker`), the worker that makes each paid order's files.
 */
export async function startDeliveryRuntime(options: {
  config: Pick<AppConfig, 'publicUrl' | 'dataDir' | 'c2pa' | 'imageGeneration'>;
  database: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  runWorkers: boolean;
  pollingIntervalMs?: number;
}): Promise<DeliveryRuntime> {
  const { config, database, storage, log } = options;
  const queue = createJobQueue(database, { log, maintenance: false });
  await queue.start();
  await queue.createQueue(DELIVERED_FILES_QUEUE);
  if (options.runWorkers) {
    queue.work(
      DELIVERED_FILES_QUEUE,
      {
        concurrency: DELIVERIES_PER_PROCESS,
        pollingIntervalMs: options.pollingIntervalMs ?? 1_000,
      },
      createDeliveredFilesJob({ db: database.db, storage, config, log }),
    );
  }
  return { queue, stop: () => queue.stop() };
}
