import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { normalizeGiftCardCode, ORDER_MESSAGES, type BalanceResponse } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { READ_COMMITTED, type Db } from '../../infra/db/index.js';
import { creditBalance } from '../ledger/index.js';
import { hashGiftCardCode, isWellFormedGiftCardCode, type GiftCardKeys } from './codes.js';
import { giftCards } from './schema.js';

export const invalidGiftCard = (): AppError =>
  new AppError('VALIDATION', { giftCardNumber: ORDER_MESSAGES.giftCardInvalid });

/**
 * POST /api/balance/gift-card: credits the card's amount to the redeemer's balance in the card's
 * currency, once. Claiming the card (one UPDATE that only an unredeemed card matches) and the
 * credit are one transaction: of any number of concurrent tries one claims it, the others find it
 * used (READ COMMITTED: the UPDATE that waited re-reads the committed card instead of failing),
 * and a failed credit leaves the card unredeemed. Answers null for an unknown, used or
 * voided code alike (the route answers `invalidGiftCard` and counts a wrong attempt).
 */
export async function redeemGiftCard(
  db: Db,
  keys: GiftCardKeys,
  redeemerId: string,
  typedCode: string,
): Promise<BalanceResponse | null> {
  const code = normalizeGiftCardCode(typedCode);
  if (!isWellFormedGiftCardCode(code)) return null;
  return db.transaction(async (tx) => {
    const [card] = await tx
      .update(giftCards)
      .set({ redeemedAt: sql`now()`, redeemedBy: redeemerId, codeSealed: null })
      .where(
        and(
          eq(giftCards.codeHash, hashGiftCardCode(keys, code)),
          isNull(giftCards.redeemedAt),
          // A card voided by its order's refund answers as an unknown one, and so does one whose
          // whole value a dispute or provider refund of its payment took back (reversal.ts).
          isNull(giftCards.voidedAt),
          lt(giftCards.reversedAmount, giftCards.amount),
        ),
      )
      .returning({
        id: giftCards.id,
        amount: sql<number>`${giftCards.amount} - ${giftCards.reversedAmount}`.mapWith(Number),
        currency: giftCards.currency,
      });
    if (!card) return null;
    const reference = `giftCard:${card.id}`;
    // What a dispute or a provider refund left owed is paid first.
    const posting = await creditBalance(tx, {
      userId: redeemerId,
      currency: card.currency,
      amount: card.amount,
      kind: 'giftCard',
      reference,
    });
    return { currency: card.currency, amount: posting.balanceAfter };
  }, READ_COMMITTED);
}
