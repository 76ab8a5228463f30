import { useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  AdminCreditNoteListSchema,
  type AdminCreditNote,
  type AdminCreditNoteQuery,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/admin/credit-notes: an order's credit notes, a payment's, or the newest. */
export const getAdminCreditNotes = (
  filter: AdminCreditNoteQuery,
  signal?: AbortSignal,
): Promise<AdminCreditNote[]> =>
  apiClient.get(adminApiPaths.creditNotes, {
    query: filter,
    schema: AdminCreditNoteListSchema,
    signal,
  });

// Under the orders' key: a refund from the back office issues one, and invalidates them all.
export const useAdminCreditNotes = (filter: AdminCreditNoteQuery) =>
  useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'credit-notes', filter],
    queryFn: ({ signal }) => getAdminCreditNotes(filter, signal),
    staleTime: 0,
  });
