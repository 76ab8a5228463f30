import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { walletRoutes } from './routes.js';
import { createWalletService } from './service.js';
import { depositSettlementWithReceipt } from './receipt.js';

/**
 * Deposits: the route that opens a top-up payment, and what its settlement does to the balance
 * (and its receipt).
 * The balance and its history are the ledger module's.
 */
const wallet: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, idempotency, outbox },
) => {
  const payments = app.paymentsService;
  payments.onSettled('deposit', depositSettlementWithReceipt({ seller: config.shop, outbox }));
  const service = createWalletService({ db: database.db, payments });
  await app.register(walletRoutes, { config, service, idempotency });
};

export const walletModule = fp(wallet, {
  name: 'wallet',
  dependencies: ['accounts', 'payments', 'receipts'],
  encapsulate: true,
});
