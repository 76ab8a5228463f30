import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { createEventStreams } from './event-stream.js';
import { createModerator, DEFAULT_MODERATION_BLOCKLIST } from './moderation.js';
import { generationRoutes } from './routes.js';
import { startGenerationRuntime } from './runtime.js';
import { createSubmissions } from './submit.js';

/**
 * Paid image generation: the routes, and with WORKER=1 the workers that paint in this process. Jobs
 * outlive the process: they wait in pg-boss's tables until a worker, here or in `npm run worker`,
 * takes them.
 */
const generation: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, storage, tuning: { generation: tuning = {} } },
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

export const generationModule = fp(generation, {
  name: 'generation',
  dependencies: ['accounts'],
  encapsulate: true,
});
