import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { giftCardKeys } from '../gift-cards/index.js';
import { ordersAdminRoutes } from './admin-routes.js';
import { artworkRoutes } from './artwork-routes.js';
import type { OrdersDeps } from './deps.js';
import { ordersRoutes } from './routes.js';
import { orderSettlement } from './settlement.js';

/**
 * Orders, their fulfilment and the purchased artworks; refunds in the back office. An order's
 * payment is settled by the payments module, which calls back `orderSettlement`.
 */
const orders: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, storage, idempotency, outbox, secret },
) => {
  const payments = app.paymentsService;
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
  await registerAdminArea(app, database.db, ordersAdminRoutes, { db: database.db, idempotency });
};

export const ordersModule = fp(orders, {
  name: 'orders',
  dependencies: ['accounts', 'payments'],
  encapsulate: true,
});
