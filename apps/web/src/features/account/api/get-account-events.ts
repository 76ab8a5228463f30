import { useQuery } from '@tanstack/react-query';
import { AccountEventListSchema, apiPaths, type AccountEvent } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export const accountEventsKey = ['account', 'events'] as const;

/** GET /api/accounts/events: the signed-in owner's account events of the last 30 days. */
export const getAccountEvents = (signal?: AbortSignal): Promise<AccountEvent[]> =>
  apiClient.get(apiPaths.accountsEvents, { schema: AccountEventListSchema, signal });

/** Read again whenever the settings open: every sign-in and change adds one. */
export const useAccountEvents = () =>
  useQuery({
    queryKey: accountEventsKey,
    queryFn: ({ signal }) => getAccountEvents(signal),
    staleTime: 0,
  });
