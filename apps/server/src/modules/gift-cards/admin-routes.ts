import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoutePaths,
  AdminGiftCardIssueSchema,
  AdminGiftCardListSchema,
  AdminGiftCardQuerySchema,
  AdminIssuedGiftCardSchema,
  ErrorBodySchema,
} from '@pictura/contract';
import { adminOf } from '../admin/index.js';
import type { GiftCardsService } from './service.js';

/**
 * Gift cards in the back office: issue one by hand, list what was issued. No
 * Idempotency-Key here: a replay answers the stored body, and that body holds the code, which
 * must never be stored.
 */
export const giftCardsAdminRoutes: FastifyPluginAsyncZod<{ service: GiftCardsService }> = async (
  app,
  { service },
) => {
  app.post(
    adminRoutePaths.giftCards,
    {
      schema: {
        summary: 'Issue a gift card by hand; its code is in this answer once (and mailed if asked)',
        body: AdminGiftCardIssueSchema,
        response: { 200: AdminIssuedGiftCardSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const card = await service.issueGoodwillCard(adminOf(request).id, request.body);
      reply.header('cache-control', 'no-store');
      return card;
    },
  );

  app.get(
    adminRoutePaths.giftCards,
    {
      schema: {
        summary: 'Issued gift cards, newest first: source, issuer, redemption (never the code)',
        querystring: AdminGiftCardQuerySchema,
        response: { 200: AdminGiftCardListSchema },
      },
    },
    async (request) => service.listIssuedCards(request.query.Before),
  );
};
