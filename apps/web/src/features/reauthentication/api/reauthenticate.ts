import {
  apiPaths,
  ReauthenticateResponseSchema,
  type ReauthenticateRequest,
  type ReauthenticateResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/accounts/reauthenticate: the password, a code or a passkey's signature. */
export const reauthenticate = (proof: ReauthenticateRequest): Promise<ReauthenticateResponse> =>
  apiClient.post(apiPaths.accountsReauthenticate, proof, {
    schema: ReauthenticateResponseSchema,
    skipReauthentication: true,
  });
