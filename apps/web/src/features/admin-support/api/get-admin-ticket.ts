import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AdminTicketDetailSchema,
  adminTicketPaths,
  type AdminTicketDetail,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_TICKETS_QUERY_KEY } from './get-admin-tickets';

export const adminTicketQueryKey = (ticketNumber: string) =>
  [...ADMIN_TICKETS_QUERY_KEY, 'detail', ticketNumber] as const;

/** GET /api/admin/support/tickets/{ticketNumber}: the ticket, its conversation and status changes. */
export const getAdminTicket = (
  ticketNumber: string,
  signal?: AbortSignal,
): Promise<AdminTicketDetail> =>
  apiClient.get(adminTicketPaths.detail(ticketNumber), { schema: AdminTicketDetailSchema, signal });

export const getAdminTicketQueryOptions = (ticketNumber: string) =>
  queryOptions({
    queryKey: adminTicketQueryKey(ticketNumber),
    queryFn: ({ signal }) => getAdminTicket(ticketNumber, signal),
    staleTime: 0,
  });

export const useAdminTicket = (ticketNumber: string) =>
  useQuery(getAdminTicketQueryOptions(ticketNumber));
