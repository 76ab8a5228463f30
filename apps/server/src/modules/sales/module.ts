import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { salesAdminRoutes } from './admin-routes.js';
import { createSalesService } from './service.js';

/** Sales figures for the back office; it reads, and changes nothing. */
const sales: FastifyPluginAsync<ModuleContext> = async (app, { database }) => {
  const service = createSalesService({ db: database.db });
  await registerAdminArea(app, database.db, salesAdminRoutes, { service });
};

export const salesModule = fp(sales, {
  name: 'sales',
  dependencies: ['accounts'],
  encapsulate: true,
});
