import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiPaths } from '@pictura/contract';
import { accountStore, useAccount } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';
import { clearTokens } from '../../../lib/session';

/**
 * POST /api/Accounts/logout-all: every session of the user ends, this one included, so the tokens
 * here are cleared too. A failure leaves the user signed in and is reported to the caller.
 */
export function useLogOutEverywhere(): { logOutEverywhere: () => Promise<void>; busy: boolean } {
  const queryClient = useQueryClient();
  const busy = useAccount((state) => state.loading.logoutAll);
  const logOutEverywhere = useCallback(async () => {
    await accountStore.whileLoading('logoutAll', () => apiClient.post(apiPaths.accountsLogoutAll));
    clearTokens();
    queryClient.clear();
  }, [queryClient]);
  return { logOutEverywhere, busy };
}
