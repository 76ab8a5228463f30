import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminTicketDetailSchema,
  adminTicketPaths,
  type AdminTicketDetail,
  type AdminTicketReplyRequest,
  type TicketStatus,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { adminTicketQueryKey } from './ticket';
import { ADMIN_TICKETS_QUERY_KEY } from './tickets';

/** POST …/replies: mails the answer to the sender; the ticket becomes answered. */
export const replyToTicket = (
  ticketNumber: string,
  request: AdminTicketReplyRequest,
): Promise<AdminTicketDetail> =>
  apiClient.post(adminTicketPaths.replies(ticketNumber), request, {
    schema: AdminTicketDetailSchema,
  });

/** POST …/status: open, answered or closed; the change is recorded. */
export const changeTicketStatus = (
  ticketNumber: string,
  status: TicketStatus,
): Promise<AdminTicketDetail> =>
  apiClient.post(
    adminTicketPaths.status(ticketNumber),
    { status },
    {
      schema: AdminTicketDetailSchema,
    },
  );

/** Both answer the whole ticket: it replaces the cached one, and the lists are fetched again. */
export function useTicketUpdated() {
  const queryClient = useQueryClient();
  return (ticket: AdminTicketDetail) => {
    queryClient.setQueryData(adminTicketQueryKey(ticket.ticketNumber), ticket);
    void queryClient.invalidateQueries({ queryKey: [...ADMIN_TICKETS_QUERY_KEY, 'list'] });
  };
}

export const useChangeTicketStatus = (ticketNumber: string) => {
  const updated = useTicketUpdated();
  return useMutation({
    mutationFn: (status: TicketStatus) => changeTicketStatus(ticketNumber, status),
    onSuccess: updated,
  });
};
