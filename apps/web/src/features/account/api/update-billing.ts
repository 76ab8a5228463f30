import { apiPaths, ProfileResponseSchema, type UpdateBillingRequest } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';

/** POST /api/accounts/update-billing; an empty state is left out, which clears a stored one. */
export function updateBilling({ state, ...address }: UpdateBillingRequest): Promise<void> {
  return accountStore.whileLoading('updateBilling', async () => {
    const profile = await apiClient.post(
      apiPaths.accountsUpdateBilling,
      state ? { ...address, state } : address,
      { schema: ProfileResponseSchema },
    );
    accountStore.setProfile(profile);
  });
}
