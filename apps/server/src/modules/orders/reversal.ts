import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { lockOrderCard, moveCardValue } from '../gift-cards/index.js';
import { giveBack, takeBack } from '../ledger/index.js';
import {
  partyEffect,
  type PartyEffect,
  type PaymentRow,
  type Reversal,
  type ReversalEffect,
} from '../payments/index.js';
import { grantArtworks } from './grant-artworks.js';
import { revokeArtworks } from './revoke-artworks.js';
import { orderItems, orders, type OrderItemRow, type OrderRow } from './schema.js';

const NOTHING: ReversalEffect = { parties: [], withdrawnArtworks: 0, restoredArtworks: 0 };

/** One effect per customer and role: the buyer may be touched by the card and the refund credit. */
function merged(parties: PartyEffect[]): PartyEffect[] {
  const byKey = new Map<string, PartyEffect>();
  for (const party of parties) {
    const key = `${party.role}:${party.userId}`;
    const seen = byKey.get(key);
    byKey.set(
      key,
      seen
        ? {
            ...seen,
            takenFromBalance: seen.takenFromBalance + party.takenFromBalance,
            debt: seen.debt + party.debt,
            givenBack: seen.givenBack + party.givenBack,
            debtCancelled: seen.debtCancelled + party.debtCancelled,
          }
        : party,
    );
  }
  return [...byKey.values()];
}

/**
 * The lines a reversed total of `amount` covers: from the last line in the cart backwards, each
 * only when the amount covers its whole price (docs/decisions/money/a-partial-reversal.md).
 */
function coveredLines(items: OrderItemRow[], amount: number): Set<number> {
  const covered = new Set<number>();
  let left = amount;
  for (const item of [...items].sort((a, b) => b.position - a.position)) {
    if (item.price > left) break;
    left -= item.price;
    covered.add(item.id);
  }
  return covered;
}

/** Withdraws and gives back downloads so that exactly the covered lines are withdrawn. */
async function moveLines(
  tx: Db,
  order: OrderRow,
  lines: OrderItemRow[],
  covered: Set<number>,
): Promise<{ withdrawn: number; restored: number; allWithdrawn: boolean }> {
  // In variant order, as settlements grant them, so two transactions never lock them crosswise.
  const items = [...lines].sort((a, b) => a.offerAttributeId - b.offerAttributeId);
  const toWithdraw = items.filter((item) => covered.has(item.id) && item.withdrawnAt === null);
  const toRestore = items.filter((item) => !covered.has(item.id) && item.withdrawnAt !== null);
  let withdrawn = 0;
  let restored = 0;
  if (toWithdraw.length > 0) {
    await tx
      .update(orderItems)
      .set({ withdrawnAt: sql`now()` })
      .where(
        inArray(
          orderItems.id,
          toWithdraw.map((item) => item.id),
        ),
      );
    withdrawn = await revokeArtworks(
      tx,
      order,
      toWithdraw.map((item) => item.offerAttributeId),
    );
  }
  if (toRestore.length > 0) {
    await tx
      .update(orderItems)
      .set({ withdrawnAt: null })
      .where(
        inArray(
          orderItems.id,
          toRestore.map((item) => item.id),
        ),
      );
    // A variant owned through another order meanwhile stays owned through it.
    restored = await grantArtworks(tx, order.userId, toRestore);
  }
  return { withdrawn, restored, allWithdrawn: items.every((item) => covered.has(item.id)) };
}

/**
 * What the provider gave back of an order's payment went from `from` to `to` (a dispute's funds
 * withdrawn, a refund made at the provider, or a won dispute giving them back): the order takes
 * back, or gives back, what that part paid for. Runs in the webhook's transaction under the
 * payment's lock; the order, then its gift card, then balances are locked after it.
 *
 * The reversed total is laid over the order's value in a fixed order
 * (docs/decisions/money/a-partial-reversal.md): the gift card first, money being divisible, cent
 * for cent (`moveCardValue`); then the artwork lines from the last, each withdrawn only when fully
 * covered. An order the back office had already refunded to the balance has no downloads left: the
 * part after the card is taken from that credit instead (balance, then debt). The balance part the
 * order took stays spent. An order left with nothing delivered is `refunded`; a won dispute makes
 * it `paid` again.
 */
export async function reverseOrder(
  tx: Db,
  payment: PaymentRow,
  { from, to, reference }: Reversal,
): Promise<ReversalEffect> {
  if (payment.orderId === null) return NOTHING;
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  if (!order || order.paymentId !== payment.id) return NOTHING;
  if (order.status !== 'paid' && order.status !== 'refunded') return NOTHING;

  const card = order.giftCardAmount > 0 ? await lockOrderCard(tx, order.id) : undefined;
  // A card the back office voided gave its price back to the buyer's balance with the order.
  const cardValue = card && card.voidedAt === null ? card.amount : 0;
  const cardPart = (total: number) => Math.min(total, cardValue);
  const parties: PartyEffect[] = card
    ? await moveCardValue(tx, card, order.userId, cardPart(to), reference)
    : [];

  // Refunded by the back office: its credit, not downloads, is what the rest of the total paid for.
  const refundedByBackOffice = order.status === 'refunded' && order.refundedAmount > 0;
  if (refundedByBackOffice) {
    const creditPart = (total: number) => Math.min(total - cardPart(total), order.refundedAmount);
    const delta = creditPart(to) - creditPart(from);
    if (delta !== 0) {
      const movement = {
        userId: order.userId,
        currency: order.currency,
        amount: Math.abs(delta),
        reference: `${reference}:credit`,
      };
      const moved = delta > 0 ? await takeBack(tx, movement) : await giveBack(tx, movement);
      parties.push(partyEffect(order.userId, 'payer', moved));
    }
    return { parties: merged(parties), withdrawnArtworks: 0, restoredArtworks: 0 };
  }

  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const moved = await moveLines(tx, order, lines, coveredLines(lines, to - cardPart(to)));
  const nothingLeft = moved.allWithdrawn && cardPart(to) === cardValue;
  if (nothingLeft !== (order.status === 'refunded')) {
    await tx
      .update(orders)
      .set(
        nothingLeft
          ? { status: 'refunded', refundedAt: sql`now()` }
          : { status: 'paid', refundedAt: null },
      )
      .where(and(eq(orders.id, order.id), eq(orders.refundedAmount, 0)));
  }
  return {
    parties: merged(parties),
    withdrawnArtworks: moved.withdrawn,
    restoredArtworks: moved.restored,
  };
}
