import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import type { Idempotency } from '../idempotency/index.js';
import type { PaymentsService } from '../payments/index.js';
import { createDepositsService } from './deposits.js';
import { walletRoutes } from './routes.js';
import { depositSettlement } from './settlement.js';

export interface WalletModuleOptions {
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlSet' | 'port'>;
  database: Database;
  payments: PaymentsService;
  idempotency: Idempotency;
}

/**
 * Deposits (issue 5): the route that opens a top-up payment, and what its settlement does to the
 * balance. The balance and its history are the ledger module's.
 */
export const walletModule: FastifyPluginAsync<WalletModuleOptions> = async (
  app,
  { config, database, payments, idempotency },
) => {
  payments.onSettled('deposit', depositSettlement);
  const deposits = createDepositsService({ db: database.db, payments });
  await app.register(walletRoutes, { config, deposits, idempotency });
};
