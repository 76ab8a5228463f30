import { startAuthentication } from '@simplewebauthn/browser';
import {
  apiPathTo,
  PasskeyLoginOptionsSchema,
  type PasskeyLoginCredential,
} from '@pictura/contract';
import { apiClient } from '../api-client';

/**
 * A passkey's signature of a fresh sign-in challenge (POST /api/accounts/passkey-login/options):
 * the browser offers the passkeys it holds for this site. Signing in with it, finishing a password
 * sign-in with it and re-authenticating with it all send this.
 */
export async function passkeyAssertion(): Promise<PasskeyLoginCredential> {
  const optionsJSON = await apiClient.post(apiPathTo.accountsPasskeyLoginOptions(), undefined, {
    schema: PasskeyLoginOptionsSchema,
    skipTokenRefresh: true,
  });
  return (await startAuthentication({ optionsJSON })) as PasskeyLoginCredential;
}
