import { apiPaths, type ChangePasswordRequest } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';

/** POST /api/Accounts/change-password; the server ends every other session of the user. */
export function changePassword(request: ChangePasswordRequest): Promise<void> {
  return accountStore.whileLoading('changePassword', async () => {
    await apiClient.post(apiPaths.accountsChangePassword, request);
  });
}
