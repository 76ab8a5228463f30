import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@pictura/contract';
import { createSession } from './session';
import { createMemoryStorage } from './storage';

function setup(seed: { local?: Record<string, string>; session?: Record<string, string> } = {}) {
  const local = createMemoryStorage();
  const session = createMemoryStorage();
  for (const [key, value] of Object.entries(seed.local ?? {})) local.setItem(key, value);
  for (const [key, value] of Object.entries(seed.session ?? {})) session.setItem(key, value);
  const headerTokens: Array<string | null> = [];
  const store = createSession({ local, session, onAccessToken: (t) => headerTokens.push(t) });
  return { local, session, store, headerTokens };
}

describe('session tokens (docs/product/browser.md#session-tokens)', () => {
  it('starts signed out, with no Authorization header, when no token is stored', () => {
    const { store, headerTokens } = setup();
    expect(store.isSignedIn()).toBe(false);
    expect(headerTokens).toEqual([null]);
  });

  it('reads tokens from local storage at start', () => {
    const { store, headerTokens } = setup({
      local: { [STORAGE_KEYS.jwtToken]: 'a1', [STORAGE_KEYS.refreshToken]: 'r1' },
    });
    expect(store.getTokens()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(store.isSignedIn()).toBe(true);
    expect(headerTokens).toEqual(['a1']);
  });

  it('reads tokens from session storage at start, preferring them to older local ones', () => {
    const { store } = setup({
      local: { [STORAGE_KEYS.jwtToken]: 'old', [STORAGE_KEYS.refreshToken]: 'old-r' },
      session: { [STORAGE_KEYS.jwtToken]: 'new', [STORAGE_KEYS.refreshToken]: 'new-r' },
    });
    expect(store.getTokens()).toEqual({ accessToken: 'new', refreshToken: 'new-r' });
  });

  it('setTokens stores them in session storage, sets the header and tells subscribers', () => {
    const { store, session, local, headerTokens } = setup();
    let notified = 0;
    store.subscribe(() => notified++);
    store.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(session.getItem(STORAGE_KEYS.jwtToken)).toBe('a2');
    expect(session.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
    expect(local.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
    expect(headerTokens.at(-1)).toBe('a2');
    expect(store.isSignedIn()).toBe(true);
    expect(notified).toBe(1);
  });

  it('clearTokens removes them from both storages and removes the header', () => {
    const tokens = { [STORAGE_KEYS.jwtToken]: 'a', [STORAGE_KEYS.refreshToken]: 'r' };
    const { store, session, local, headerTokens } = setup({ local: tokens, session: tokens });
    store.clearTokens();
    for (const storage of [session, local]) {
      expect(storage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
      expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    }
    expect(headerTokens.at(-1)).toBeNull();
    expect(store.isSignedIn()).toBe(false);
  });
});
