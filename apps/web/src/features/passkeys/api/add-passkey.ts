import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  apiPathTo,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
  type Passkey,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { passkeysKey } from './get-passkeys';

export interface AddPasskeyInput {
  name: string;
  currentPassword: string;
}

/**
 * POST /api/accounts/passkeys/registration-options (the password is checked), then the browser
 * makes the passkey with the device's screen lock, then POST /api/accounts/passkeys stores it.
 */
export async function addPasskey({ name, currentPassword }: AddPasskeyInput): Promise<Passkey> {
  const optionsJSON = await apiClient.post(
    apiPathTo.accountsPasskeyRegistrationOptions(),
    { currentPassword },
    { schema: PasskeyRegistrationOptionsSchema },
  );
  const credential = await startRegistration({ optionsJSON });
  return apiClient.post(apiPaths.accountsPasskeys, { name, credential }, { schema: PasskeySchema });
}

export const useAddPasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
};
