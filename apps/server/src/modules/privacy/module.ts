import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { deriveKey } from '../../infra/secret.js';
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
  { config, database, storage, secret, outbox },
) => {
  const runtime = await startDataExportRuntime({
    config,
    database,
    storage,
    secret,
    outbox,
    log: app.log,
    runWorkers: config.generation.worker,
  });
  app.addHook('onClose', async () => runtime.stop());
  const service = createPrivacyService({
    db: database.db,
    storage,
    queue: runtime.queue,
    config,
    tokenKey: deriveKey(secret, 'data-export'),
    log: app.log,
  });
  await app.register(privacyRoutes, { service, config });
};

export const privacyModule = fp(privacy, {
  name: 'privacy',
  dependencies: ['accounts', 'orders', 'generation'],
  encapsulate: true,
});
