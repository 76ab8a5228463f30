import { useSyncExternalStore } from 'react';
import { serverSnapshot } from './render-scope';
import { STORAGE_KEYS, type TokenResponse } from '@pictura/contract';
import { apiClient } from './api-client';
import { createExternalStore } from './external-store';
import { browserStorage, type KeyValueStorage } from './storage';

/**
 * Session tokens exactly as docs/product/browser.md#session-tokens describes: read from local or
 * session storage at start, stored in session storage by `setTokens` (which also sets the client's
 * Authorization header), removed from both storages and the header by `clearTokens`. Signed in
 * means an access token is present (docs/product/accounts.md#who-may-do-what).
 */

export interface SessionTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface SessionDeps {
  local: KeyValueStorage;
  session: KeyValueStorage;
  /** Called with the access token whenever it changes (the api client's header). */
  onAccessToken: (token: string | null) => void;
}

export function createSession({ local, session, onAccessToken }: SessionDeps) {
  // Session storage first: it is where this app writes; local storage may hold older tokens.
  const read = (key: string) => session.getItem(key) || local.getItem(key) || null;
  const store = createExternalStore<SessionTokens>({
    accessToken: read(STORAGE_KEYS.jwtToken),
    refreshToken: read(STORAGE_KEYS.refreshToken),
  });
  onAccessToken(store.get().accessToken);

  return {
    getTokens: (): SessionTokens => store.get(),
    isSignedIn: (): boolean => Boolean(store.get().accessToken),
    subscribe: store.subscribe,
    setTokens({ accessToken, refreshToken }: TokenResponse): void {
      session.setItem(STORAGE_KEYS.jwtToken, accessToken);
      session.setItem(STORAGE_KEYS.refreshToken, refreshToken);
      onAccessToken(accessToken);
      store.set({ accessToken, refreshToken });
    },
    clearTokens(): void {
      for (const storage of [session, local]) {
        storage.removeItem(STORAGE_KEYS.jwtToken);
        storage.removeItem(STORAGE_KEYS.refreshToken);
      }
      onAccessToken(null);
      store.set({ accessToken: null, refreshToken: null });
    },
  };
}

export type Session = ReturnType<typeof createSession>;

export const session: Session = createSession({
  local: browserStorage('localStorage'),
  session: browserStorage('sessionStorage'),
  onAccessToken: apiClient.setAccessToken,
});

export const getTokens = session.getTokens;
export const isSignedIn = session.isSignedIn;
export const setTokens = session.setTokens;
export const clearTokens = session.clearTokens;

/** Pages are rendered on the server signed out: the tokens live in sessionStorage. */
const signedOutOnServer = serverSnapshot(false, session.isSignedIn);

/** Re-renders when the user signs in or out. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(session.subscribe, session.isSignedIn, signedOutOnServer);
}
