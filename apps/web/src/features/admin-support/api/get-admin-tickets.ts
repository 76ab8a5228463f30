import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  AdminTicketListSchema,
  type AdminTicketList,
  type TicketStatus,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export const ADMIN_TICKETS_QUERY_KEY = ['admin', 'support', 'tickets'] as const;

export interface TicketFilter {
  status?: TicketStatus;
  search?: string;
  page: number;
}

/** GET /api/admin/support/tickets: newest first, a page at a time. */
export const getAdminTickets = (
  filter: TicketFilter,
  signal?: AbortSignal,
): Promise<AdminTicketList> =>
  apiClient.get(adminApiPaths.supportTickets, {
    query: { Status: filter.status, Search: filter.search || undefined, Page: filter.page },
    schema: AdminTicketListSchema,
    signal,
  });

export const getAdminTicketsQueryOptions = (filter: TicketFilter) =>
  queryOptions({
    queryKey: [...ADMIN_TICKETS_QUERY_KEY, 'list', filter] as const,
    queryFn: ({ signal }) => getAdminTickets(filter, signal),
    // The previous page stays on screen while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminTickets = (filter: TicketFilter) =>
  useQuery(getAdminTicketsQueryOptions(filter));
