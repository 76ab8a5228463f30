import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { receiptsRoutes } from './routes.js';
import { createReceiptsService } from './service.js';

/**
 * Receipts of paid orders and credited deposits: the orders and wallet modules issue them in their
 * settling transactions (issue.ts); this serves them to their buyers as PDFs.
 */
const receipts: FastifyPluginAsync<ModuleContext> = async (app, { config, database }) => {
  const service = createReceiptsService({ db: database.db, config });
  await app.register(receiptsRoutes, { service });
};

export const receiptsModule = fp(receipts, {
  name: 'receipts',
  dependencies: ['accounts'],
  encapsulate: true,
});
