import { apiPaths } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/accounts/resend-verification: a new link by mail; the earlier one stops working. */
export async function resendVerification(): Promise<void> {
  await apiClient.post(apiPaths.accountsResendVerification);
}
