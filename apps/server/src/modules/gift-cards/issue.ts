import type { Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import {
  encryptGiftCardCode,
  generateGiftCardCode,
  giftCardCodeHint,
  hashGiftCardCode,
  type GiftCardKeys,
} from './codes.js';
import { giftCards } from './schema.js';

export interface GiftCardPurchase {
  orderId: number;
  buyerId: string;
  /** Minor units in `currency`, the order's currency. */
  amount: number;
  currency: Currency;
}

export interface IssuedGiftCard {
  id: number;
  /** The plain code: for the buyer's mail only. It is never logged and never stored as such. */
  code: string;
  amount: number;
  currency: Currency;
}

/**
 * Issues the gift card an order bought, inside the transaction that marks the order paid (so a
 * card exists exactly when its order is paid). An order has at most one; issuing again returns null.
 */
export async function issueGiftCard(
  tx: Db,
  keys: GiftCardKeys,
  purchase: GiftCardPurchase,
): Promise<IssuedGiftCard | null> {
  const code = generateGiftCardCode();
  const codeHash = hashGiftCardCode(keys, code);
  const [card] = await tx
    .insert(giftCards)
    .values({
      ...purchase,
      codeHash,
      codeHint: giftCardCodeHint(code),
      codeSealed: encryptGiftCardCode(keys, codeHash, code),
    })
    .onConflictDoNothing({ target: giftCards.orderId })
    .returning({ id: giftCards.id });
  return card ? { id: card.id, code, amount: purchase.amount, currency: purchase.currency } : null;
}
