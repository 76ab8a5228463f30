import { apiPaths, type ForgotPasswordRequest } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';

/** POST /api/Accounts/forgot-password: the same answer whether or not the account exists. */
export function requestPasswordReset(request: ForgotPasswordRequest): Promise<void> {
  return accountStore.whileLoading('forgotPassword', async () => {
    await apiClient.post(apiPaths.accountsForgotPassword, request, { skipTokenRefresh: true });
  });
}
