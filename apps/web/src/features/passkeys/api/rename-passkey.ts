import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathTo, PasskeySchema, type Passkey } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { passkeysKey } from './get-passkeys';

/** PATCH /api/accounts/passkeys/{id}: a new name for one of the user's passkeys. */
export const renamePasskey = ({ id, name }: { id: string; name: string }): Promise<Passkey> =>
  apiClient.request(apiPathTo.accountsPasskey(id), {
    method: 'PATCH',
    body: { name },
    schema: PasskeySchema,
  });

export const useRenamePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
};
