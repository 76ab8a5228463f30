import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { ledgerAdminRoutes } from './admin-routes.js';
import { ledgerRoutes } from './routes.js';
import { createLedgerService } from './service.js';

/**
 * Balances and their history, and customers' balances in the back office. Other modules move
 * money only through the ledger's postings, inside their own transaction.
 */
const ledger: FastifyPluginAsync<ModuleContext> = async (app, { database }) => {
  const service = createLedgerService({ db: database.db });
  await app.register(ledgerRoutes, { service });
  await registerAdminArea(app, database.db, ledgerAdminRoutes, { service });
};

export const ledgerModule = fp(ledger, {
  name: 'ledger',
  dependencies: ['accounts'],
  encapsulate: true,
});
