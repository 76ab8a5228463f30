import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathTo } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { passkeysKey } from './get-passkeys';

/** DELETE /api/accounts/passkeys/{id}: that passkey no longer signs in. */
export const removePasskey = async (id: string): Promise<void> => {
  await apiClient.request(apiPathTo.accountsPasskey(id), { method: 'DELETE' });
};

export const useRemovePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
};
