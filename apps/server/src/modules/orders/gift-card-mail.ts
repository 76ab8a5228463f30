import { paths } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { IssuedGiftCard } from '../gift-cards/index.js';
import { userContact } from '../accounts/index.js';
import type { OrdersDeps } from './deps.js';
import { giftCardMail } from './mails.js';

/**
 * Queues the mail bringing a gift card's number to its buyer, in the transaction that paid the order
 * and issued the card: the mail exists only if the order really is paid. The outbox keeps the number
 * sealed until the job worker has sent it; it is never logged.
 */
export async function queueGiftCardMail(
  tx: Db,
  deps: Pick<OrdersDeps, 'config' | 'outbox'>,
  order: { id: number; userId: string },
  card: IssuedGiftCard,
): Promise<void> {
  const contact = await userContact(tx, order.userId);
  await deps.outbox.enqueue(tx, {
    kind: 'giftCard',
    to: contact.email,
    ...giftCardMail(contact.locale, {
      orderId: order.id,
      code: card.code,
      amount: card.amount,
      currency: card.currency,
      redeemLink: `${deps.config.publicUrl}${paths.wallet}`,
    }),
  });
}
