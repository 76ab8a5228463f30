import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../infra/db/index.js';
import type { Idempotency } from '../idempotency/index.js';
import { giftCardKeys } from './codes.js';
import { giftCardRoutes } from './routes.js';

export interface GiftCardsModuleOptions {
  database: Database;
  /** The server secret: the codes' hash and encryption keys are derived from it. */
  secret: string;
  idempotency: Idempotency;
}

/** Gift card redemption (issue 5, point 4); the orders module issues the cards. */
export const giftCardsModule: FastifyPluginAsync<GiftCardsModuleOptions> = async (
  app,
  { database, secret, idempotency },
) => {
  await app.register(giftCardRoutes, {
    db: database.db,
    keys: giftCardKeys(secret),
    idempotency,
  });
};
