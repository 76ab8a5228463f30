import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { privacyRoutes } from './routes.js';
import { startDataExportRuntime } from './runtime.js';
import { createPrivacyService } from './service.js';

/**
 * Data rights: exports made on the job queue (here with WORKER=1, or by `npm run worker`), and
 * deleting an account.
 */
const privacy: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, storage, outbox },
) => {
  const runtime = await startDataExportRuntime({
    config,
    database,
    storage,
    outbox,
    log: app.log,
    runWorkers: config.generation.worker,
  });
  app.addHook('onClose', async () => runtime.stop());
  const service = createPrivacyService({
    db: database.db,
    storage,
    queue: runtime.queue,
    log: app.log,
  });
  await app.register(privacyRoutes, { service, config });
};

export const privacyModule = fp(privacy, {
  name: 'privacy',
  dependencies: ['accounts', 'orders', 'generation'],
  encapsulate: true,
});
