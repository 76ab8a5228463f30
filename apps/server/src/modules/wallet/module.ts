import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { createDepositsService } from './deposits.js';
import { walletRoutes } from './routes.js';
import { depositSettlement } from './settlement.js';

/**
 * Deposits: the route that opens a top-up payment, and what its settlement does to the balance.
 * The balance and its history are the ledger module's.
 */
const wallet: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, idempotency },
) => {
  const payments = app.paymentsService;
  payments.onSettled('deposit', depositSettlement);
  const deposits = createDepositsService({ db: database.db, payments });
  await app.register(walletRoutes, { config, deposits, idempotency });
};

export const walletModule = fp(wallet, {
  name: 'wallet',
  dependencies: ['accounts', 'payments'],
  encapsulate: true,
});
