import { startAuthentication } from '@simplewebauthn/browser';
import {
  apiPaths,
  apiPathTo,
  PasskeyLoginOptionsSchema,
  TokenResponseSchema,
} from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { apiClient } from '../../../lib/api-client';
import { setTokens } from '../../../lib/session';

/**
 * POST /api/accounts/passkey-login/options, then the browser offers the passkeys it holds for this
 * site, then POST /api/accounts/passkey-login; the tokens are stored as the password login's are.
 */
export function logInWithPasskey(): Promise<void> {
  return accountStore.whileBusy('login', async () => {
    const optionsJSON = await apiClient.post(apiPathTo.accountsPasskeyLoginOptions(), undefined, {
      schema: PasskeyLoginOptionsSchema,
      skipTokenRefresh: true,
    });
    const credential = await startAuthentication({ optionsJSON });
    const tokens = await apiClient.post(
      apiPaths.accountsPasskeyLogin,
      { credential },
      { schema: TokenResponseSchema, skipTokenRefresh: true },
    );
    setTokens(tokens);
  });
}
