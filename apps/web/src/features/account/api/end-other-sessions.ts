import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathTo } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { sessionsKey } from './get-sessions';

/** POST /api/accounts/sessions/end-others: every other device is signed out; this one stays. */
export const endOtherSessions = async (): Promise<void> => {
  await apiClient.post(apiPathTo.accountsEndOtherSessions());
};

export const useEndOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};
