import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './infra/db/index.js';
import { createPaymentGateway } from './infra/payments/index.js';
import type { FileStorage } from './infra/storage/index.js';
import type { MailOutbox } from './modules/mail/index.js';
import { auditRoutes } from './modules/admin/index.js';
import { giftCardsAdminRoutes } from './modules/gift-cards/index.js';
import { createIdempotency } from './modules/idempotency/index.js';
import { ledgerAdminRoutes } from './modules/ledger/index.js';
import { ordersAdminRoutes } from './modules/orders/index.js';
import { paymentsAdminRoutes } from './modules/payments/index.js';
import { catalogAdminRoutes } from './modules/catalog/index.js';
import { salesAdminRoutes } from './modules/sales/index.js';
import { supportAdminRoutes } from './modules/support/index.js';

export interface AdminAreaDeps {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  outbox: MailOutbox;
  secret: string;
}

/**
 * Every back-office area (issue 8). Each module owns its admin routes as a plugin; they are all
 * registered here, inside the admin scope, so none can be added outside the admin check.
 */
export async function registerAdminAreas(
  scope: FastifyInstance,
  { config, database, storage, outbox, secret }: AdminAreaDeps,
): Promise<void> {
  await scope.register(auditRoutes, { db: database.db });
  // ADMIN-AREAS: one line per area, e.g. `await scope.register(ordersAdminRoutes, { ... });`
  await scope.register(ordersAdminRoutes, {
    db: database.db,
    idempotency: createIdempotency(database.db),
  });
  await scope.register(paymentsAdminRoutes, {
    db: database.db,
    gateway: createPaymentGateway(config, secret),
  });
  await scope.register(ledgerAdminRoutes, { db: database.db });
  await scope.register(giftCardsAdminRoutes, {
    db: database.db,
    secret,
    outbox,
    publicUrl: config.publicUrl,
  });
  await scope.register(catalogAdminRoutes, { db: database.db, storage });
  await scope.register(supportAdminRoutes, { db: database.db, config, outbox });
  await scope.register(salesAdminRoutes, { db: database.db });
}
