import type { UpdateBillingRequest, UpdateProfileRequest } from '@pictura/contract';
import { updateBilling } from './api/update-billing';
import { updateProfile } from './api/update-profile';

/**
 * Keeps the name and address typed at checkout or deposit as the profile's (POST /api/accounts/update
 * and update-billing), so that the next checkout starts filled in.
 */
export async function saveBillingDetails({
  firstName,
  lastName,
  ...address
}: UpdateProfileRequest & UpdateBillingRequest): Promise<void> {
  await Promise.all([updateProfile({ firstName, lastName }), updateBilling(address)]);
}
