import { apiPaths, TokenResponseSchema, type RegisterRequest } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';
import { setTokens } from '../../../lib/session';

/** POST /api/Accounts/register; the new account is signed in at once. */
export function register(request: RegisterRequest): Promise<void> {
  return accountStore.whileBusy('registration', async () => {
    const tokens = await apiClient.post(apiPaths.accountsRegister, request, {
      schema: TokenResponseSchema,
      skipTokenRefresh: true,
    });
    accountStore.setAcceptedPrivacy(request.agreedToPrivacyPolicy);
    setTokens(tokens);
  });
}
