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
import { adminOf } from '../admin/index.js';
import type { MailOutbox } from '../mail/index.js';
import { giftCardKeys } from './codes.js';
import { issueGoodwillCard, listIssuedCards } from './admin-cards.js';
import { goodwillGiftCardMail } from './admin-mail.js';

export interface GiftCardsAdminOptions {
  db: Db;
  secret: string;
  outbox: MailOutbox;
  publicUrl: string;
}

/**
 * Gift cards in the back office: issue one by hand, list what was issued. No
 * Idempotency-Key here: a replay answers the stored body, and that body holds the code, which
 * must never be stored.
 */
export const giftCardsAdminRoutes: FastifyPluginAsyncZod<GiftCardsAdminOptions> = async (
  app,
  { db, secret, outbox, publicUrl },
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
      // The recipient's mail is queued with the card: it goes out when the mail server takes it.
      const card = await issueGoodwillCard(
        db,
        keys,
        adminOf(request).id,
        { amount, currency, reason, recipientEmail },
        async (tx, code) => {
          if (!recipientEmail) return;
          await outbox.enqueue(tx, {
            kind: 'goodwillGiftCard',
            to: recipientEmail,
            ...goodwillGiftCardMail(locale, {
              code,
              amount,
              currency,
              message: message ?? '',
              redeemLink: `${publicUrl}${paths.wallet}`,
            }),
          });
        },
      );
      const mailedTo = recipientEmail;
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
