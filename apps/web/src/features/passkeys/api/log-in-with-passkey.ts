import { apiPaths, TokenResponseSchema } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';
import { setTokens } from '../../../lib/session';
import { passkeyAssertion } from '../../../lib/api/passkey-assertion';

/**
 * The browser offers the passkeys it holds for this site, then POST /api/accounts/passkey-login;
 * the tokens are stored as the password login's are.
 */
export function logInWithPasskey(): Promise<void> {
  return accountStore.whileBusy('login', async () => {
    const credential = await passkeyAssertion();
    const tokens = await apiClient.post(
      apiPaths.accountsPasskeyLogin,
      { credential },
      { schema: TokenResponseSchema, skipTokenRefresh: true },
    );
    setTokens(tokens);
  });
}
