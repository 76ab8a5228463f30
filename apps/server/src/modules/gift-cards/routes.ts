import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  BalanceResponseSchema,
  ErrorBodySchema,
  GiftCardRedemptionSchema,
} from '@pictura/contract';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/db/index.js';
import { requireUser, userOf } from '../accounts/index.js';
import type { Idempotency } from '../idempotency/index.js';
import { attemptSubjects, secondsUntilAllowed } from './attempts.js';
import type { GiftCardKeys } from './codes.js';
import { redeemGiftCard } from './redeem.js';

export interface GiftCardRoutesOptions {
  db: Db;
  keys: GiftCardKeys;
  idempotency: Idempotency;
}

/** POST /api/balance/gift-card (seed-spec section 7). */
export const giftCardRoutes: FastifyPluginAsyncZod<GiftCardRoutesOptions> = async (
  app,
  { db, keys, idempotency },
) => {
  // Before the Idempotency-Key is claimed: a blocked guesser gets 429 whatever key it sends.
  async function limitWrongCodes(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const wait = await secondsUntilAllowed(db, attemptSubjects(userOf(request).id, request.ip));
    if (wait === 0) return;
    reply.header('retry-after', wait);
    throw new AppError('TOO_MANY_REQUESTS');
  }

  app.post(
    apiPaths.balanceGiftCard,
    {
      preValidation: requireUser,
      preHandler: [limitWrongCodes, idempotency.preHandler],
      onSend: idempotency.onSend,
      schema: {
        tags: ['balance'],
        summary: "Redeem a gift card: its amount is added to my balance in the card's currency",
        body: GiftCardRedemptionSchema,
        response: {
          200: BalanceResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      return redeemGiftCard(
        db,
        keys,
        { userId, subjects: attemptSubjects(userId, request.ip) },
        request.body.giftCardNumber,
      );
    },
  );
};
