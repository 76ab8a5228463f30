import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { supportAdminRoutes } from './admin-routes.js';
import { supportRoutes } from './routes.js';
import { createSupportService } from './service.js';

/** Customer care: tickets, their mail, and the support desk under /api/admin. */
const support: FastifyPluginAsync<ModuleContext> = async (app, { config, database, outbox }) => {
  const service = createSupportService({ db: database.db, config, outbox, log: app.log });
  await app.register(supportRoutes, { service });
  await registerAdminArea(app, database.db, supportAdminRoutes, {
    db: database.db,
    config,
    outbox,
  });
};

// After accounts, whose `authenticateUser` its routes use.
export const supportModule = fp(support, {
  name: 'support',
  dependencies: ['accounts'],
  encapsulate: true,
});
