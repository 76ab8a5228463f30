import { apiPaths, type ResetPasswordRequest } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';

/** POST /api/Accounts/reset-password with the code from the mail. */
export function resetPassword(request: ResetPasswordRequest): Promise<void> {
  return accountStore.whileLoading('resetPassword', async () => {
    await apiClient.post(apiPaths.accountsResetPassword, request, { skipTokenRefresh: true });
  });
}
