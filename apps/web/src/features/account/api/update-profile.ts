import { apiPaths, ProfileResponseSchema, type UpdateProfileRequest } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';

/** POST /api/accounts/update; the answer is the updated profile, kept in the account store. */
export function updateProfile(request: UpdateProfileRequest): Promise<void> {
  return accountStore.whileLoading('updateProfile', async () => {
    const profile = await apiClient.post(apiPaths.accountsUpdate, request, {
      schema: ProfileResponseSchema,
    });
    accountStore.setProfile(profile);
  });
}
