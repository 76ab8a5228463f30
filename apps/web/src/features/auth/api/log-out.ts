import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { firstViewApiPaths } from '@pictura/contract';
import { accountStore, useAccount } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';
import { clearTokens, getTokens } from '../../../lib/session';

/**
 * Log out: the server revokes this session's refresh token, then the tokens are cleared. A failed
 * revocation still logs out here: the token leaves this browser, and it expires on the server.
 */
export async function logOut(): Promise<void> {
  const { refreshToken } = getTokens();
  await accountStore.whileLoading('logout', async () => {
    if (!refreshToken) return;
    await apiClient
      .post(firstViewApiPaths.accountsLogout, { refreshToken }, { skipTokenRefresh: true })
      .catch(() => undefined);
  });
  clearTokens();
}

/** Log out from a component: also forgets every query, so nothing of this user stays on screen. */
export function useLogOut(): { logOut: () => Promise<void>; busy: boolean } {
  const queryClient = useQueryClient();
  const busy = useAccount((state) => state.loading.logout);
  const run = useCallback(async () => {
    await logOut();
    queryClient.clear();
  }, [queryClient]);
  return { logOut: run, busy };
}
