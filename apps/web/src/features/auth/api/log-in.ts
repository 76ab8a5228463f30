import { apiPaths, TokenResponseSchema, type LoginRequest } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';
import { setTokens } from '../../../lib/session';

/** POST /api/Accounts/login; the tokens are stored and the user is signed in. */
export function logIn(credentials: LoginRequest): Promise<void> {
  return accountStore.whileBusy('login', async () => {
    const tokens = await apiClient.post(apiPaths.accountsLogin, credentials, {
      schema: TokenResponseSchema,
      skipTokenRefresh: true,
    });
    setTokens(tokens);
  });
}
