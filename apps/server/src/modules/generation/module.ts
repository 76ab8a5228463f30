import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { createRecordingIdempotency } from '../idempotency/index.js';
import { createEventStreams } from './event-stream.js';
import { generationRoutes } from './routes.js';
import { startGenerationRuntime } from './runtime.js';
import { createGenerationService } from './service.js';

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

  const service = createGenerationService({ db: database.db, storage, config, runtime });
  // A submission records its job on its Idempotency-Key in the transaction that holds the price: a
  // retry after a crash between that commit and the answer gets the job, and nothing is held twice.
  const submitKeys = createRecordingIdempotency(database.db, async (userId, jobId) => ({
    status: 202,
    body: await service.accepted(userId, jobId),
  }));
  await app.register(generationRoutes, {
    service,
    streams,
    submitKeys,
    rateLimitMax: config.generation.rateLimitMax,
  });
};

export const generationModule = fp(generation, {
  name: 'generation',
  dependencies: ['accounts'],
  encapsulate: true,
});
