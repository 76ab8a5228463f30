import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { giftCardKeys } from '../gift-cards/index.js';
import { createRecordingIdempotency } from '../idempotency/index.js';
import { ordersAdminRoutes } from './admin-routes.js';
import { artworkRoutes } from './artwork-routes.js';
import type { OrdersDeps } from './deps.js';
import { startDeliveryRuntime } from './delivery-runtime.js';
import { ordersRoutes } from './routes.js';
import { createOrdersService } from './service.js';
import { orderSettlement } from './settlement.js';

/**
 * Orders, their fulfilment and the purchased artworks, whose files are made on the job queue (here
 * with WORKER=1, or by `npm run worker`); refunds in the back office. An order's
 * payment is settled by the payments module, which calls back `orderSettlement`.
 */
const orders: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, storage, idempotency, outbox, keys },
) => {
  const payments = app.paymentsService;
  const deliveries = await startDeliveryRuntime({
    config,
    database,
    storage,
    log: app.log,
    runWorkers: config.generation.worker,
  });
  app.addHook('onClose', async () => deliveries.stop());
  const deps: OrdersDeps = {
    db: database.db,
    config,
    payments,
    giftCardKeys: giftCardKeys(keys.data),
    storage,
    deliveries: deliveries.queue,
    outbox,
    log: app.log,
  };
  payments.onSettled('order', orderSettlement(deps));
  const service = createOrdersService(deps);
  const orderKeys = createRecordingIdempotency(database.db, async (userId, orderId) => ({
    status: 200,
    body: await service.placedOrderAnswer(userId, Number(orderId)),
  }));

  await app.register(ordersRoutes, { service, config, idempotency, orderKeys });
  await app.register(artworkRoutes, { service });
  await registerAdminArea(app, database.db, ordersAdminRoutes, { service, idempotency });
};

export const ordersModule = fp(orders, {
  name: 'orders',
  dependencies: ['accounts', 'payments', 'receipts'],
  encapsulate: true,
});
