import { useQuery } from '@tanstack/react-query';
import { AccountSessionListSchema, apiPaths, type AccountSession } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export const sessionsKey = ['account', 'sessions'] as const;

/** GET /api/accounts/sessions: the user's sessions that still stand, the current one marked. */
export const getSessions = (signal?: AbortSignal): Promise<AccountSession[]> =>
  apiClient.get(apiPaths.accountsSessions, { schema: AccountSessionListSchema, signal });

/** Read again whenever the settings open: another device may have signed in meanwhile. */
export const useSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });
