import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { giftCardKeys } from '../gift-cards/index.js';
import type { Idempotency } from '../idempotency/index.js';
import type { MailOutbox } from '../mail/index.js';
import type { PaymentsService } from '../payments/index.js';
import { artworkRoutes } from './artwork-routes.js';
import type { OrdersDeps } from './deps.js';
import { ordersRoutes } from './routes.js';
import { orderSettlement } from './settlement.js';

export interface OrdersModuleOptions {
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlSet' | 'port'>;
  database: Database;
  storage: FileStorage;
  payments: PaymentsService;
  idempotency: Idempotency;
  outbox: MailOutbox;
  /** The server secret: gift card codes' keys are derived from it. */
  secret: string;
}

/**
 * Orders, their fulfilment and the purchased artworks (issue 5, points 5 and 6). An order's
 * payment is settled by the payments module, which calls back `orderSettlement`.
 */
export const ordersModule: FastifyPluginAsync<OrdersModuleOptions> = async (
  app,
  { config, database, storage, payments, idempotency, outbox, secret },
) => {
  const deps: OrdersDeps = {
    db: database.db,
    config,
    payments,
    giftCardKeys: giftCardKeys(secret),
    storage,
    outbox,
    log: app.log,
  };
  payments.onSettled('order', orderSettlement(deps));

  await app.register(ordersRoutes, { deps, idempotency });
  await app.register(artworkRoutes, { deps });
};
