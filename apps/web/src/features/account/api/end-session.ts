import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathTo } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { sessionsKey } from './get-sessions';

/** POST /api/accounts/sessions/{id}/end: that device is signed out at once. */
export const endSession = async (sessionId: string): Promise<void> => {
  await apiClient.post(apiPathTo.accountsEndSession(sessionId));
};

export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};
