import {
  apiPaths,
  ProfileResponseSchema,
  type ChangeEmailRequest,
  type ProfileResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/accounts/change-email: mails a link to the new address, which takes over once it is
 * opened; answers the profile with the address waiting (`pendingEmail`).
 */
export const changeEmail = (request: ChangeEmailRequest): Promise<ProfileResponse> =>
  apiClient.post(apiPaths.accountsChangeEmail, request, { schema: ProfileResponseSchema });
