import { useQuery } from '@tanstack/react-query';
import { apiPaths, PasskeyListSchema, type Passkey } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export const passkeysKey = ['account', 'passkeys'] as const;

/** GET /api/accounts/passkeys: the signed-in user's passkeys, oldest first. */
export const getPasskeys = (signal?: AbortSignal): Promise<Passkey[]> =>
  apiClient.get(apiPaths.accountsPasskeys, { schema: PasskeyListSchema, signal });

export const usePasskeys = () =>
  useQuery({ queryKey: passkeysKey, queryFn: ({ signal }) => getPasskeys(signal) });
