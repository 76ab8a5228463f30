import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeGiftCardCode, ORDER_MESSAGES, type BalanceResponse } from '@pictura/contract';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/db/index.js';
import { postLedgerEntry } from '../ledger/index.js';
import { recordWrongAttempt } from './attempts.js';
import { hashGiftCardCode, isWellFormedGiftCardCode, type GiftCardKeys } from './codes.js';
import { giftCards } from './schema.js';

export const invalidGiftCard = (): AppError =>
  new AppError('VALIDATION', { giftCardNumber: ORDER_MESSAGES.giftCardInvalid });

/**
 * POST /api/balance/gift-card: credits the card's amount to the redeemer's balance in the card's
 * currency, once. Claiming the card (one UPDATE that only an unredeemed card matches) and the
 * credit are one transaction: of any number of concurrent tries one claims it, the others find it
 * used, and a failed credit leaves the card unredeemed. Unknown and used codes get the same answer
 * and both count as wrong attempts (`subjects`).
 */
export async function redeemGiftCard(
  db: Db,
  keys: GiftCardKeys,
  redeemer: { userId: string; subjects: readonly string[] },
  typedCode: string,
): Promise<BalanceResponse> {
  const code = normalizeGiftCardCode(typedCode);
  const credited = isWellFormedGiftCardCode(code)
    ? await db.transaction(async (tx) => {
        const [card] = await tx
          .update(giftCards)
          .set({ redeemedAt: sql`now()`, redeemedBy: redeemer.userId, codeSealed: null })
          .where(
            and(
              eq(giftCards.codeHash, hashGiftCardCode(keys, code)),
              isNull(giftCards.redeemedAt),
              // A card voided by its order's refund (issue 8) answers as an unknown one.
              isNull(giftCards.voidedAt),
            ),
          )
          .returning({ id: giftCards.id, amount: giftCards.amount, currency: giftCards.currency });
        if (!card) return null;
        const posting = await postLedgerEntry(tx, {
          userId: redeemer.userId,
          currency: card.currency,
          amount: card.amount,
          kind: 'giftCard',
          reference: `giftCard:${card.id}`,
        });
        return { currency: card.currency, amount: posting.balanceAfter };
      })
    : null;
  if (!credited) {
    await recordWrongAttempt(db, redeemer.subjects);
    throw invalidGiftCard();
  }
  return credited;
}
