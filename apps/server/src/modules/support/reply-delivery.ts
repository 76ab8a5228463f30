import { eq } from 'drizzle-orm';
import type { MailDeliveryHook } from '../mail/index.js';
import { supportTicketReplies } from './schema.js';

/** A ticket reply's mail went out: the back office shows the reply as sent from then on. */
export const ticketReplyDelivery: MailDeliveryHook = {
  async sent(tx, replyId) {
    await tx
      .update(supportTicketReplies)
      .set({ sentAt: new Date() })
      .where(eq(supportTicketReplies.id, Number(replyId)));
  },
};
