import { firstViewApiPaths, ERROR_MESSAGES, paths, type TokenResponse } from '@pictura/contract';
import { apiClient, type ApiClient, type TokenRefresher } from './api-client';
import { session, type Session } from './session';

/**
 * The token refresh of docs/product/browser.md#token-refresh, plugged into the api client's
 * refresher seam. The client already makes it single-flight (one refresh at a time, failed calls
 * wait and are retried with the new token); this module does one refresh: send the refresh token,
 * store the rotated pair, or on failure forget the tokens and send the user to not-logged-in.
 */

/** `/not-logged-in?reason=You%20were%20logged%20out`: where a failed refresh lands. */
export const LOGGED_OUT_PATH = `${paths.notLoggedIn}?reason=${encodeURIComponent(ERROR_MESSAGES.loggedOut)}`;

export interface TokenRefreshDeps {
  client: Pick<ApiClient, 'post'>;
  session: Pick<Session, 'getTokens' | 'setTokens' | 'clearTokens'>;
  /** Client-side navigation (the router's), so the app is not reloaded. */
  navigate: (to: string) => void;
  log?: (message: string) => void;
}

export function createTokenRefresher({
  client,
  session: tokens,
  navigate,
  log = (message) => console.error(message),
}: TokenRefreshDeps): TokenRefresher {
  const forgetAndLeave = (): false => {
    tokens.clearTokens();
    navigate(LOGGED_OUT_PATH);
    return false;
  };

  return async () => {
    const { accessToken, refreshToken } = tokens.getTokens();
    if (!refreshToken) {
      log(ERROR_MESSAGES.refreshTokenEmpty);
      // A visitor who was never signed in has no session to end; the call just fails.
      return accessToken ? forgetAndLeave() : false;
    }
    try {
      // Not parsed by zod: every first view installs this
      // (docs/decisions/performance/no-zod-in-the-first-views.md). A 401 from the refresh call
      // itself must not start another refresh.
      const rotated = await client.post<TokenResponse>(
        firstViewApiPaths.accountsRefresh,
        { refreshToken },
        { skipTokenRefresh: true },
      );
      tokens.setTokens(rotated);
      return true;
    } catch {
      // Any failure counts, also a network one: the server may already have rotated the token, and
      // sending the old one again would look like reuse and revoke the whole login.
      return forgetAndLeave();
    }
  };
}

/** Connects the app's api client to the app's session; called once at start with the router. */
export function installTokenRefresh(navigate: (to: string) => void): void {
  apiClient.setTokenRefresher(createTokenRefresher({ client: apiClient, session, navigate }));
}
