import { useMutation } from '@tanstack/react-query';
import {
  AdminTicketDetailSchema,
  adminTicketPaths,
  type AdminTicketDetail,
  type TicketStatus,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { useTicketUpdated } from '../use-ticket-updated';

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

export const useChangeTicketStatus = (ticketNumber: string) => {
  const updated = useTicketUpdated();
  return useMutation({
    mutationFn: (status: TicketStatus) => changeTicketStatus(ticketNumber, status),
    onSuccess: updated,
  });
};
