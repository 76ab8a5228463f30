import { eq } from 'drizzle-orm';
import type { Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { addDebt, giveBack, takeFromBalance } from '../ledger/index.js';
import { partyEffect, type PartyEffect } from '../payments/index.js';
import { giftCards, type GiftCardRow } from './schema.js';

/** The gift card an order bought, row-locked for the rest of `tx` (after the order's lock). */
export async function lockOrderCard(tx: Db, orderId: number): Promise<GiftCardRow | undefined> {
  const [card] = await tx
    .select()
    .from(giftCards)
    .where(eq(giftCards.orderId, orderId))
    .for('update');
  return card;
}

/** Whether the card's value was given to someone (a redeemer whose account still exists). */
const redeemerOf = (card: GiftCardRow): string | null =>
  card.redeemedAt === null ? null : card.redeemedBy;

/**
 * Sets how much of an order's gift card a dispute or provider refund of its payment takes back
 * (docs/decisions/money/nothing-repaid-stays-spendable.md), from the card's present figure to
 * `to`, in the caller's transaction with the card locked.
 *
 * Taking: an unredeemed card is worth that much less (redeeming it credits only the rest; a card
 * worth nothing answers as an unknown code); a redeemed one's value is taken from the redeemer's
 * balance as far as it goes, and the rest becomes the buyer's debt (the buyer has the money back).
 * Giving back (a won dispute) undoes it last-in first-out: the buyer's part first (their debt
 * cancelled, or their balance credited if they paid it meanwhile), then the redeemer's balance, or
 * the unredeemed card's value. A redemption waiting for the card sees the committed figure.
 */
export async function moveCardValue(
  tx: Db,
  card: GiftCardRow,
  buyerId: string,
  to: number,
  reference: string,
): Promise<PartyEffect[]> {
  const currency: Currency = card.currency;
  const redeemer = redeemerOf(card);
  const parties: PartyEffect[] = [];
  let owedByBuyer = card.owedByBuyer;
  if (to > card.reversedAmount) {
    const amount = to - card.reversedAmount;
    const taken =
      redeemer === null
        ? 0
        : await takeFromBalance(tx, {
            userId: redeemer,
            currency,
            amount,
            reference: `${reference}:card-redeemer`,
          });
    if (redeemer !== null)
      parties.push(partyEffect(redeemer, 'redeemer', { takenFromBalance: taken }));
    // An unredeemed card just loses the value; a redeemed one's rest is the buyer's debt (also when
    // its redeemer's account was deleted since).
    const debt = card.redeemedAt === null ? 0 : amount - taken;
    if (debt > 0) {
      await addDebt(tx, buyerId, currency, debt);
      parties.push(partyEffect(buyerId, 'payer', { debt }));
      owedByBuyer += debt;
    }
  } else if (to < card.reversedAmount) {
    const amount = card.reversedAmount - to;
    const buyersPart = Math.min(amount, card.owedByBuyer);
    if (buyersPart > 0) {
      const moved = await giveBack(tx, {
        userId: buyerId,
        currency,
        amount: buyersPart,
        reference: `${reference}:card-buyer`,
      });
      parties.push(partyEffect(buyerId, 'payer', moved));
      owedByBuyer -= buyersPart;
    }
    const redeemersPart = amount - buyersPart;
    if (redeemersPart > 0 && redeemer !== null) {
      const moved = await giveBack(tx, {
        userId: redeemer,
        currency,
        amount: redeemersPart,
        reference: `${reference}:card-redeemer`,
      });
      parties.push(partyEffect(redeemer, 'redeemer', moved));
    }
  } else {
    return [];
  }
  await tx
    .update(giftCards)
    .set({ reversedAmount: to, owedByBuyer })
    .where(eq(giftCards.id, card.id));
  return parties;
}
