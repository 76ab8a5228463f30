import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathTo } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { accountEventsKey } from './get-account-events';
import { sessionsKey } from './get-sessions';

/** POST /api/accounts/sessions/{id}/end: that device is signed out at once. */
export const endSession = async (sessionId: string): Promise<void> => {
  await apiClient.post(apiPathTo.accountsEndSession(sessionId));
};

export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // The devices list loses them, and the activity list gains the event.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsKey }),
        queryClient.invalidateQueries({ queryKey: accountEventsKey }),
      ]),
  });
};
