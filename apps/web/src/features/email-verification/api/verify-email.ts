import {
  apiPaths,
  VerifyEmailResponseSchema,
  type VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/accounts/verify-email: the mailed link's user and token; answers the verified address. */
export const verifyEmail = (request: VerifyEmailRequest): Promise<VerifyEmailResponse> =>
  apiClient.post(apiPaths.accountsVerifyEmail, request, { schema: VerifyEmailResponseSchema });
