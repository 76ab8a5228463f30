import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { healthRoutes } from './routes.js';
import { shopRoutes } from './shop-routes.js';

/** Whether this process can serve (for load balancers), and what every page needs of the shop. */
const health: FastifyPluginAsync<ModuleContext> = async (app, { config, database }) => {
  await app.register(healthRoutes, { database });
  await app.register(shopRoutes, { config });
};

export const healthModule = fp(health, { name: 'health', encapsulate: true });
