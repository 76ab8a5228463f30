import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import { createImageGenerator, type ImageGenerator } from '../../infra/image-generation/index.js';
import { createJobQueue, type JobQueue, type QueueLogger } from '../../infra/queue/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { JobEvents } from './job-events.js';
import {
  createGenerationQueues,
  GENERATION_DEAD_LETTER_QUEUE,
  GENERATION_QUEUE,
} from './queues.js';
import { createGenerationRunner, type RunnerLogger } from './runner.js';
import type { AttemptPolicy } from './submit.js';
import { createDeadLetterHandler, sweepAbandonedJobs } from './sweep.js';

/** Settings tests shorten; production runs with the defaults. */
export interface GenerationTuning {
  /** Defaults to the generator IMAGE_PROVIDER selects. */
  generator?: ImageGenerator;
  /** How often an idle worker asks for a job (default 1000; pg-boss's minimum is 500). */
  pollingIntervalMs?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** One attempt's time limit; defaults to a minute plus the provider's time per picture. */
  attemptTimeoutSeconds?: number;
  maintenanceIntervalSeconds?: number;
  sweepIntervalMs?: number;
  sweepAfterMs?: number;
  /** Progress streams: how often they read the job row, and their heartbeat. */
  streamPollIntervalMs?: number;
  streamHeartbeatMs?: number;
}

export type GenerationConfig = Pick<
  AppConfig,
  'generation' | 'imageGeneration' | 'publicUrl' | 'dataDir' | 'shop' | 'c2pa'
>;

/** What the API and the worker share: the queue and this process's job news. */
export interface GenerationRuntime {
  readonly queue: JobQueue;
  readonly events: JobEvents;
  readonly attempts: AttemptPolicy;
  /** Stops this process's workers (their running jobs go back to the queue) and the queue. */
  stop(): Promise<void>;
}

// A failed attempt is retried twice, after about 10 s and then about 20 s (pg-boss's backoff with
// jitter): long enough for a provider's short outage, short enough for someone waiting.
const DEFAULT_RETRY_LIMIT = 2;
const DEFAULT_RETRY_DELAY_SECONDS = 5;
const PROCEDURAL_SECONDS_PER_PICTURE = 30;
const ATTEMPT_OVERHEAD_SECONDS = 60;

/**
 * Starts generation's side of the queue: the queues themselves, and, when `runWorkers` (WORKER=1,
 * or the worker process), the workers, the dead letter handler, pg-boss's maintenance and the sweep.
 */
export async function startGenerationRuntime(options: {
  config: GenerationConfig;
  database: Database;
  /** Where the workers store the pictures they paint. */
  storage: FileStorage;
  log: QueueLogger & RunnerLogger;
  runWorkers: boolean;
  tuning?: GenerationTuning;
}): Promise<GenerationRuntime> {
  const { config, database, storage, log, runWorkers, tuning = {} } = options;
  const queue = createJobQueue(database, {
    log,
    maintenance: runWorkers,
    maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds ?? 60,
  });
  await queue.start();
  await createGenerationQueues(queue);
  const events = new JobEvents();
  const perPicture =
    config.imageGeneration.provider === 'procedural'
      ? PROCEDURAL_SECONDS_PER_PICTURE
      : config.imageGeneration.timeoutSeconds;
  const attempts: AttemptPolicy = {
    retryLimit: tuning.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelaySeconds: tuning.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    timeoutSeconds: (count) =>
      tuning.attemptTimeoutSeconds ?? ATTEMPT_OVERHEAD_SECONDS + count * perPicture,
  };

  let stopSweep = () => Promise.resolve();
  if (runWorkers) {
    const db = database.db;
    const generator = tuning.generator ?? createImageGenerator(config.imageGeneration);
    const pollingIntervalMs = tuning.pollingIntervalMs ?? 1_000;
    queue.work(
      GENERATION_QUEUE,
      { concurrency: config.generation.concurrency, pollingIntervalMs },
      createGenerationRunner({
        db,
        storage,
        generator,
        events,
        log,
        publicUrl: config.publicUrl,
        config,
      }),
    );
    queue.work(
      GENERATION_DEAD_LETTER_QUEUE,
      { concurrency: 1, pollingIntervalMs },
      createDeadLetterHandler({ db, queue, events, log }),
    );
    stopSweep = startSweep(
      () => sweepAbandonedJobs({ db, queue, events, log }, tuning.sweepAfterMs ?? 10 * 60_000),
      tuning.sweepIntervalMs ?? 60_000,
      log,
    );
  }

  return {
    queue,
    events,
    attempts,
    async stop() {
      await stopSweep();
      await queue.stop();
    },
  };
}

function startSweep(
  sweep: () => Promise<unknown>,
  intervalMs: number,
  log: QueueLogger,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((err: unknown) => log.error({ err }, 'generation sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
