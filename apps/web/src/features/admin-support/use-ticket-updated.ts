import { useQueryClient } from '@tanstack/react-query';
import type { AdminTicketDetail } from '@pictura/contract';
import { adminTicketQueryKey } from './api/get-admin-ticket';
import { ADMIN_TICKETS_QUERY_KEY } from './api/get-admin-tickets';

/**
 * A reply and a status change both answer the whole ticket: it replaces the cached one, and the
 * lists are fetched again.
 */
export function useTicketUpdated() {
  const queryClient = useQueryClient();
  return (ticket: AdminTicketDetail) => {
    queryClient.setQueryData(adminTicketQueryKey(ticket.ticketNumber), ticket);
    void queryClient.invalidateQueries({ queryKey: [...ADMIN_TICKETS_QUERY_KEY, 'list'] });
  };
}
