import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoutePaths,
  AdminGiftCardIssueSchema,
  AdminGiftCardListSchema,
  AdminGiftCardQuerySchema,
  AdminIssuedGiftCardSchema,
  ErrorBodySchema,
  formatGiftCardCode,
  paths,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { Mailer } from '../../infra/mail/index.js';
import { adminOf } from '../admin/index.js';
import { giftCardKeys } from './codes.js';
import { issueGoodwillCard, listIssuedCards } from './admin-cards.js';
import { goodwillGiftCardMail } from './admin-mail.js';

export interface GiftCardsAdminOptions {
  db: Db;
  secret: string;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Gift cards in the back office (issue 8, point 5): issue one by hand, list what was issued. No
 * Idempotency-Key here: a replay answers the stored body, and that body holds the code, which
 * must never be stored.
 */
export const giftCardsAdminRoutes: FastifyPluginAsyncZod<GiftCardsAdminOptions> = async (
  app,
  { db, secret, mailer, publicUrl },
) => {
  const keys = giftCardKeys(secret);

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
      const { amount, currency, reason, locale, message } = request.body;
      const recipientEmail = request.body.recipientEmail || null;
      const card = await issueGoodwillCard(db, keys, adminOf(request).id, {
        amount,
        currency,
        reason,
        recipientEmail,
      });
      let mailedTo: string | null = null;
      if (recipientEmail) {
        try {
          await mailer.send({
            to: recipientEmail,
            ...goodwillGiftCardMail(locale, {
              code: card.code,
              amount,
              currency,
              message: message ?? '',
              redeemLink: `${publicUrl}${paths.wallet}`,
            }),
          });
          mailedTo = recipientEmail;
        } catch (err) {
          // The card exists and its code is in this answer: the admin can pass it on by hand.
          request.log.error({ err, giftCardId: card.id }, 'Gift card mail could not be sent');
        }
      }
      reply.header('cache-control', 'no-store');
      return { ...card, code: formatGiftCardCode(card.code), amount, currency, mailedTo };
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
    async (request) => listIssuedCards(db, request.query.Before),
  );
};
