import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathTo } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { accountEventsKey } from './get-account-events';
import { sessionsKey } from './get-sessions';

/** POST /api/accounts/sessions/end-others: every other device is signed out; this one stays. */
export const endOtherSessions = async (): Promise<void> => {
  await apiClient.post(apiPathTo.accountsEndOtherSessions());
};

export const useEndOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    // The devices list loses them, and the activity list gains the event.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsKey }),
        queryClient.invalidateQueries({ queryKey: accountEventsKey }),
      ]),
  });
};
