import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  BalanceResponseSchema,
  ErrorBodySchema,
  GiftCardRedemptionSchema,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { requireUser, requireVerifiedEmail, userOf } from '../accounts/index.js';
import type { Idempotency } from '../idempotency/index.js';
import type { AttemptTicket } from './attempts.js';
import { invalidGiftCard } from './redeem.js';
import type { GiftCardsService } from './service.js';

export interface GiftCardRoutesOptions {
  service: GiftCardsService;
  idempotency: Idempotency;
}

/** POST /api/balance/gift-card (docs/product/money.md#gift-cards). */
export const giftCardRoutes: FastifyPluginAsyncZod<GiftCardRoutesOptions> = async (
  app,
  { service, idempotency },
) => {
  // The try each request holds until its answer is sent (see `takeAttempt`).
  const tries = new WeakMap<FastifyRequest, AttemptTicket>();

  // Before the Idempotency-Key is claimed: a blocked guesser gets 429 whatever key it sends.
  async function takeTry(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const taken = await service.takeTry(userOf(request).id, request.ip);
    if ('retryAfterSeconds' in taken) {
      reply.header('retry-after', taken.retryAfterSeconds);
      throw new AppError('TOO_MANY_REQUESTS');
    }
    tries.set(request, taken);
  }

  // A try counts only when the code was wrong; every other answer (credited, a replayed retry,
  // a 409, a failure) gives it back before it is sent, so the client's next try sees it freed.
  async function giveBackTry(request: FastifyRequest): Promise<void> {
    const ticket = tries.get(request);
    if (!ticket) return;
    tries.delete(request);
    try {
      await service.giveBackTry(ticket);
    } catch (err) {
      // The answer still goes out; the try stays counted until it leaves the window.
      request.log.error({ err }, 'could not give back a gift card try');
    }
  }

  app.post(
    apiPaths.balanceGiftCard,
    {
      preValidation: [requireUser, requireVerifiedEmail],
      preHandler: [takeTry, idempotency.preHandler],
      onSend: [giveBackTry, idempotency.onSend],
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
      const credited = await service.redeem(userOf(request).id, request.body.giftCardNumber);
      if (credited) return credited;
      // Unknown, used and voided codes alike: the try stays counted.
      tries.delete(request);
      throw invalidGiftCard();
    },
  );
};
