import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { auditRoutes } from './admin-routes.js';
import { registerAdminArea } from './scope.js';
import { createAdminService } from './service.js';

/** The back office's own area: the audit log of who changed what. */
const admin: FastifyPluginAsync<ModuleContext> = async (app, { database }) => {
  const service = createAdminService({ db: database.db });
  await registerAdminArea(app, database.db, auditRoutes, { service });
};

export const adminModule = fp(admin, {
  name: 'admin',
  dependencies: ['accounts'],
  encapsulate: true,
});
