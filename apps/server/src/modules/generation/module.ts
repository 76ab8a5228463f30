import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { createEventStreams } from './event-stream.js';
import { createModerator, DEFAULT_MODERATION_BLOCKLIST } from './moderation.js';
import { generationRoutes } from './routes.js';
import { startGenerationRuntime, type GenerationConfig, type GenerationTuning } from './runtime.js';
import { createSubmissions } from './submit.js';

export interface GenerationModuleOptions {
  config: GenerationConfig;
  database: Database;
  storage: FileStorage;
  tuning?: GenerationTuning;
}

/**
 * Paid image generation (issue 6): the routes, and with WORKER=1 the workers that paint in this
 * process. Registered after accounts (`requireUser`) and the ledger. Jobs outlive the process: they
 * wait in pg-boss's tables until a worker, here or in `npm run worker`, takes them.
 */
export const generationModule: FastifyPluginAsync<GenerationModuleOptions> = async (
  app,
  { config, database, storage, tuning = {} },
) => {
  const runtime = await startGenerationRuntime({
    config,
    database,
    storage,
    log: app.log,
    runWorkers: config.generation.worker,
    tuning,
  });
  const streams = createEventStreams(
    runtime.events,
    {
      pollIntervalMs: tuning.streamPollIntervalMs ?? 1_000,
      heartbeatMs: tuning.streamHeartbeatMs ?? 15_000,
    },
    app.log,
  );
  // Open streams would keep the server from closing; a running job goes back to the queue.
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => runtime.stop());

  const submissions = createSubmissions({
    db: database.db,
    queue: runtime.queue,
    events: runtime.events,
    moderator: createModerator(
      config.generation.moderationBlocklist ?? DEFAULT_MODERATION_BLOCKLIST,
    ),
    attempts: runtime.attempts,
  });
  await app.register(generationRoutes, {
    db: database.db,
    storage,
    submissions,
    streams,
    rateLimitMax: config.generation.rateLimitMax,
    generator: config.imageGeneration.provider,
  });
};
