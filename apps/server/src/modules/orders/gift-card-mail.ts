import { eq } from 'drizzle-orm';
import { paths } from '@pictura/contract';
import type { IssuedGiftCard } from '../gift-cards/index.js';
import { userContact } from '../accounts/index.js';
import type { OrdersDeps } from './deps.js';
import { giftCardMail } from './mails.js';
import { orders } from './schema.js';

/**
 * Mails a gift card's number to its buyer once the order's payment is committed; called from
 * inside the transaction that paid the order, which holds the order row's lock. Reading that row
 * `for share` waits for the transaction to end (on PGlite, queries wait for a running
 * transaction anyway), so the mail goes out only if the order really is paid. The code travels
 * in memory only and is never logged.
 */
export function mailGiftCardAfterCommit(
  deps: OrdersDeps,
  order: { id: number; userId: string },
  card: IssuedGiftCard,
): void {
  deps.tasks.run('gift card mail', async () => {
    const [committed] = await deps.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('share');
    if (committed?.status !== 'paid') return;
    const contact = await userContact(deps.db, order.userId);
    await deps.mailer.send({
      to: contact.email,
      ...giftCardMail(contact.locale, {
        orderId: order.id,
        code: card.code,
        amount: card.amount,
        currency: card.currency,
        redeemLink: `${deps.config.publicUrl}${paths.wallet}`,
      }),
    });
  });
}
