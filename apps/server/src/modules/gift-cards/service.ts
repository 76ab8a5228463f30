import type { z } from 'zod';
import {
  formatGiftCardCode,
  paths,
  type AdminGiftCardIssueSchema,
  type AdminGiftCardList,
  type AdminIssuedGiftCard,
  type BalanceResponse,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import type { MailOutbox } from '../mail/index.js';
import { issueGoodwillCard, listIssuedCards } from './admin-cards.js';
import { goodwillGiftCardMail } from './admin-mail.js';
import { attemptSubjects, releaseAttempt, takeAttempt, type AttemptTicket } from './attempts.js';
import type { GiftCardKeys } from './codes.js';
import { redeemGiftCard } from './redeem.js';

export interface GiftCardsDeps {
  readonly db: Db;
  readonly keys: GiftCardKeys;
  readonly outbox: MailOutbox;
  readonly config: Pick<AppConfig, 'publicUrl'>;
}

type GoodwillCardRequest = z.output<typeof AdminGiftCardIssueSchema>;

/** Redemption with its limit on wrong codes, and the cards the back office issues by hand. */
export function createGiftCardsService({ db, keys, outbox, config }: GiftCardsDeps) {
  return {
    /** One try at a code for the user and the client address, or how long they must wait. */
    takeTry(userId: string, ip: string): Promise<AttemptTicket | { retryAfterSeconds: number }> {
      return takeAttempt(db, attemptSubjects(userId, ip));
    },

    /** A try whose code was not wrong no longer counts. */
    giveBackTry(ticket: AttemptTicket): Promise<void> {
      return releaseAttempt(db, ticket);
    },

    /** The credited balance, or null for an unknown, used or voided code alike. */
    redeem(userId: string, typedCode: string): Promise<BalanceResponse | null> {
      return redeemGiftCard(db, keys, userId, typedCode);
    },

    /** Issues a card by hand; its code is in the answer once, and in the recipient's mail if any. */
    async issueGoodwillCard(
      adminId: string,
      request: GoodwillCardRequest,
    ): Promise<AdminIssuedGiftCard> {
      const { amount, currency, reason, locale, message } = request;
      const recipientEmail = request.recipientEmail || null;
      // The recipient's mail is queued with the card: it goes out when the mail server takes it.
      const card = await issueGoodwillCard(
        db,
        keys,
        adminId,
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
              redeemLink: `${config.publicUrl}${paths.wallet}`,
            }),
          });
        },
      );
      return {
        ...card,
        code: formatGiftCardCode(card.code),
        amount,
        currency,
        mailedTo: recipientEmail,
      };
    },

    listIssuedCards(before?: number): Promise<AdminGiftCardList> {
      return listIssuedCards(db, before);
    },
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
