import { describe, expect, it, vi } from 'vitest';
import { apiPaths, ERROR_MESSAGES, STORAGE_KEYS } from '@pictura/contract';
import { createApiClient } from './api-client';
import { createSession } from './session';
import { createMemoryStorage } from './storage';
import { createTokenRefresher, LOGGED_OUT_PATH } from './token-refresh';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ROTATED = { accessToken: 'access-2', refreshToken: 'refresh-2' };

/**
 * The real api client and session over memory storage, with a fake server: the refresh endpoint
 * answers `refreshAnswer` after a short delay (so that the other calls pile up meanwhile); any other
 * call answers 200 for the rotated access token and 401 otherwise.
 */
function setup({
  tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' } as Record<string, string>,
  refreshAnswer = () => json(200, ROTATED),
} = {}) {
  const storage = createMemoryStorage();
  if (tokens.accessToken) storage.setItem(STORAGE_KEYS.jwtToken, tokens.accessToken);
  if (tokens.refreshToken) storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);

  const calls: Array<{ path: string; token: string | null; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const token = new Headers(init.headers).get('Authorization');
    calls.push({ path, token, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (path === apiPaths.accountsRefresh) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refreshAnswer();
    }
    return token === `Bearer ${ROTATED.accessToken}` ? json(200, { ok: path }) : json(401, {});
  });

  const client = createApiClient({ fetch });
  const session = createSession({
    local: createMemoryStorage(),
    session: storage,
    onAccessToken: client.setAccessToken,
  });
  const navigate = vi.fn();
  const log = vi.fn();
  client.setTokenRefresher(createTokenRefresher({ client, session, navigate, log }));
  return { client, session, storage, calls, navigate, log };
}

describe('token refresh (docs/product/browser.md#token-refresh)', () => {
  it('10 concurrent calls answering 401 cause exactly one refresh and 10 retries', async () => {
    const { client, session, storage, calls, navigate } = setup();
    const paths = Array.from({ length: 10 }, (_, index) => `/api/orders?page=${index}`);

    const results = await Promise.all(paths.map((path) => client.get(path)));

    expect(results).toEqual(paths.map((path) => ({ ok: path })));
    const refreshes = calls.filter((call) => call.path === apiPaths.accountsRefresh);
    expect(refreshes).toEqual([
      {
        path: apiPaths.accountsRefresh,
        token: 'Bearer access-1',
        body: { refreshToken: 'refresh-1' },
      },
    ]);
    const retries = calls.filter((call) => call.token === `Bearer ${ROTATED.accessToken}`);
    expect(retries.map((call) => call.path).sort()).toEqual([...paths].sort());
    expect(calls).toHaveLength(10 + 1 + 10);
    expect(session.getTokens()).toEqual(ROTATED);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe(ROTATED.refreshToken);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failed refresh forgets the tokens and goes to not-logged-in with the reason', async () => {
    const { client, session, storage, calls, navigate } = setup({
      refreshAnswer: () => json(401, { errors: { '': 'Session expired' } }),
    });

    const outcomes = await Promise.allSettled(
      Array.from({ length: 3 }, () => client.get('/api/orders')),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls.filter((call) => call.path === apiPaths.accountsRefresh)).toHaveLength(1);
    expect(session.getTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(storage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
    expect(client.getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(LOGGED_OUT_PATH);
    expect(LOGGED_OUT_PATH).toBe('/not-logged-in?reason=You%20were%20logged%20out');
  });

  it('a refresh that cannot reach the server also ends the session', async () => {
    const { client, session, navigate } = setup({
      refreshAnswer: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.get('/api/orders')).rejects.toThrow();
    expect(session.isSignedIn()).toBe(false);
    expect(navigate).toHaveBeenCalledWith(LOGGED_OUT_PATH);
  });

  it('an empty refresh token is logged as "refresh token is empty" and sends no request', async () => {
    const { client, session, calls, navigate, log } = setup({
      tokens: { accessToken: 'access-1' },
    });

    await expect(client.get('/api/orders')).rejects.toThrow();

    expect(log).toHaveBeenCalledWith(ERROR_MESSAGES.refreshTokenEmpty);
    expect(calls.map((call) => call.path)).toEqual(['/api/orders']);
    expect(session.isSignedIn()).toBe(false);
    expect(navigate).toHaveBeenCalledWith(LOGGED_OUT_PATH);
  });

  it('a visitor who was never signed in is not sent to not-logged-in', async () => {
    const { client, calls, navigate, log } = setup({ tokens: {} });
    await expect(client.get('/api/balance')).rejects.toThrow();
    expect(log).toHaveBeenCalledWith(ERROR_MESSAGES.refreshTokenEmpty);
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
