import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { giftCardsAdminRoutes } from './admin-routes.js';
import { giftCardKeys } from './codes.js';
import { giftCardRoutes } from './routes.js';
import { createGiftCardsService } from './service.js';

/**
 * Gift card redemption, and the cards the back office issues; the orders module issues the cards a
 * customer buys. The codes' hash and encryption keys are derived from the data key (modules/keys).
 */
const giftCards: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, keys: serverKeys, outbox, idempotency },
) => {
  const service = createGiftCardsService({
    db: database.db,
    keys: giftCardKeys(serverKeys.data),
    outbox,
    config,
  });
  await app.register(giftCardRoutes, { service, idempotency });
  await registerAdminArea(app, database.db, giftCardsAdminRoutes, { service });
};

export const giftCardsModule = fp(giftCards, {
  name: 'gift-cards',
  dependencies: ['accounts'],
  encapsulate: true,
});
