import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  ADMIN_GIFT_CARD_PAGE_SIZE,
  type AdminGiftCardList,
  type AdminOrderGiftCard,
  type Currency,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userEmails } from '../accounts/index.js';
import { recordAudit } from '../admin/index.js';
import {
  generateGiftCardCode,
  giftCardCodeHint,
  hashGiftCardCode,
  type GiftCardKeys,
} from './codes.js';
import { giftCards, type GiftCardRow } from './schema.js';

export interface GoodwillCard {
  amount: number;
  currency: Currency;
  reason: string;
  recipientEmail: string | null;
}

/**
 * Issues a card by hand and records it in the audit log, in one transaction, in
 * which `inTransaction` may queue the recipient's mail. Only the code's hash and hint are stored: the
 * plain code (ungrouped) goes back to the caller once (no sealed copy, unlike an order's card whose
 * buyer sees it later).
 */
export async function issueGoodwillCard(
  db: Db,
  keys: GiftCardKeys,
  adminId: string,
  card: GoodwillCard,
  inTransaction?: (tx: Db, code: string) => Promise<void>,
): Promise<{ id: number; code: string; codeHint: string }> {
  const code = generateGiftCardCode();
  const codeHint = giftCardCodeHint(code);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(giftCards)
      .values({
        amount: card.amount,
        currency: card.currency,
        codeHash: hashGiftCardCode(keys, code),
        codeHint,
        issuedBy: adminId,
        reason: card.reason,
        recipientEmail: card.recipientEmail,
      })
      .returning({ id: giftCards.id });
    if (!row) throw new Error('Gift card not written');
    await recordAudit(tx, {
      actorId: adminId,
      action: 'giftCard.issue',
      entity: 'giftCard',
      entityId: row.id,
      before: null,
      after: { ...card, codeHint },
    });
    await inTransaction?.(tx, code);
    return row.id;
  });
  return { id, code, codeHint };
}

export type OrderCardOutcome = 'none' | 'voided' | 'keptRedeemed';

/**
 * For a refund of an order: its card, if unredeemed, is voided (redeeming it answers
 * as for an unknown code from now on) and its sealed code wiped; a redeemed one is left alone, and
 * the caller refunds only the rest. Runs in the refund's transaction; the card row is locked, so a
 * redemption at the same moment either comes first (and the card counts as redeemed) or fails.
 */
export async function voidOrderGiftCard(tx: Db, orderId: number): Promise<OrderCardOutcome> {
  const [card] = await tx
    .select({ id: giftCards.id, redeemedAt: giftCards.redeemedAt })
    .from(giftCards)
    .where(eq(giftCards.orderId, orderId))
    .for('update');
  if (!card) return 'none';
  if (card.redeemedAt !== null) return 'keptRedeemed';
  await tx
    .update(giftCards)
    .set({ voidedAt: sql`now()`, codeSealed: null })
    .where(and(eq(giftCards.id, card.id), isNull(giftCards.voidedAt)));
  return 'voided';
}

const cardState = (row: GiftCardRow): AdminOrderGiftCard['state'] =>
  row.voidedAt ? 'voided' : row.redeemedAt ? 'redeemed' : 'unredeemed';

/** An order's issued card as the back office shows it (never its code), or undefined. */
export async function orderGiftCardForAdmin(
  db: Db,
  orderId: number,
): Promise<AdminOrderGiftCard | undefined> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
  if (!row) return undefined;
  const emails = await userEmails(db, row.redeemedBy ? [row.redeemedBy] : []);
  return {
    id: row.id,
    amount: row.amount,
    state: cardState(row),
    codeHint: row.codeHint,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    redeemedByEmail: row.redeemedBy ? (emails.get(row.redeemedBy) ?? null) : null,
  };
}

/** GET /api/admin/gift-cards: every issued card, newest first, a page older than `before`. */
export async function listIssuedCards(db: Db, before?: number): Promise<AdminGiftCardList> {
  const rows = await db
    .select()
    .from(giftCards)
    .where(before === undefined ? undefined : lt(giftCards.id, before))
    .orderBy(desc(giftCards.id))
    .limit(ADMIN_GIFT_CARD_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_GIFT_CARD_PAGE_SIZE);
  const emails = await userEmails(
    db,
    page.flatMap((row) => [row.issuedBy, row.buyerId, row.redeemedBy].filter((id) => id !== null)),
  );
  const emailOf = (id: string | null) => (id === null ? null : (emails.get(id) ?? null));
  return {
    cards: page.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      amount: row.amount,
      currency: row.currency,
      source: row.orderId === null ? 'manual' : 'order',
      orderId: row.orderId,
      issuedByEmail: emailOf(row.issuedBy ?? row.buyerId),
      recipientEmail: row.recipientEmail,
      reason: row.reason,
      codeHint: row.codeHint,
      redeemedAt: row.redeemedAt?.toISOString() ?? null,
      redeemedByEmail: emailOf(row.redeemedBy),
      voidedAt: row.voidedAt?.toISOString() ?? null,
    })),
    nextBefore: rows.length > ADMIN_GIFT_CARD_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
