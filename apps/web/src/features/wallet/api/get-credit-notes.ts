import { useQuery } from '@tanstack/react-query';
import { apiPaths, CreditNoteListSchema, type CreditNote } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { balanceKeys } from '../../../lib/query-keys';

/** GET /api/balance/credit-notes: my credit notes (and their cancellations), newest first. */
export const getCreditNotes = (signal?: AbortSignal): Promise<CreditNote[]> =>
  apiClient.get(apiPaths.balanceCreditNotes, { schema: CreditNoteListSchema, signal });

/** Under the balance's key, so a dispute or refund that moves the balance refreshes the list too. */
export const useCreditNotes = () =>
  useQuery({
    queryKey: [...balanceKeys.all, 'credit-notes'],
    queryFn: ({ signal }) => getCreditNotes(signal),
  });
