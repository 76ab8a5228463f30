import {
  AdminTicketDetailSchema,
  adminTicketPaths,
  type AdminTicketDetail,
  type AdminTicketReplyRequest,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST …/replies: mails the answer to the sender; the ticket becomes answered. */
export const replyToTicket = (
  ticketNumber: string,
  request: AdminTicketReplyRequest,
): Promise<AdminTicketDetail> =>
  apiClient.post(adminTicketPaths.replies(ticketNumber), request, {
    schema: AdminTicketDetailSchema,
  });
