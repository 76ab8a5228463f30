import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, type ProfileResponse } from '@pictura/contract';
import { ApiError, createApiClient } from './api-client';
import { createAccountStore } from './account-store';
import { balanceQueryOptions } from './api/get-balance';
import { profileQueryOptions } from './api/get-profile';
import {
  COOKIE_CONSENT_MAX_AGE_MS,
  COOKIE_CONSENT_STORAGE_KEY,
  isConsentDecided,
} from './cookie-consent';
import { createCurrencyStore } from './currency';
import { createQueryClient } from './query-client';
import { createSession } from './session';
import { createMemoryStorage, type KeyValueStorage } from './storage';

const PROFILE: ProfileResponse = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'GB',
  city: 'London',
  address1: '12 St James Square',
  state: null,
  zipCode: 'SW1Y 4JH',
  currency: 'EUR',
  isAdmin: false,
  emailVerified: true,
  pendingEmail: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** The profile and balance queries call the app's api client, which fetches through the global. */
function setup(answer: (path: string, body: unknown) => Response) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) =>
    answer(String(input), init.body ? JSON.parse(String(init.body)) : undefined),
  );
  const client = createApiClient({ fetch: async () => json(500, {}) });
  const session = createSession({
    local: createMemoryStorage(),
    session: createMemoryStorage(),
    onAccessToken: client.setAccessToken,
  });
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  const currency = createCurrencyStore(createMemoryStorage());
  const queryClient = createQueryClient();
  const store = createAccountStore({ queryClient, currency, session });
  const loadProfile = () => queryClient.fetchQuery(profileQueryOptions());
  const loadBalance = () => queryClient.fetchQuery(balanceQueryOptions(currency.getCurrency()));
  return { store, session, currency, queryClient, loadProfile, loadBalance };
}

describe('account store (docs/product/browser.md#account-state)', () => {
  it('starts empty: no profile, no balance, no consent, EUR, no flags on', () => {
    const { store } = setup(() => json(500, {}));
    const state = store.get();
    expect(state.profile).toBeNull();
    expect(state.balance).toBeNull();
    expect(state.currency).toBe('EUR');
    expect(state.cookieConsent).toEqual({ granted: [], rejected: [] });
    expect(state.acceptedPrivacy).toBe(false);
    expect(Object.values(state.busy).some(Boolean)).toBe(false);
    expect(Object.values(state.loading).some(Boolean)).toBe(false);
  });

  it('keeps nothing of a user whose session ended but what any visitor may see', () => {
    const { session, queryClient } = setup(() => json(500, {}));
    queryClient.setQueryData(
      ['account', 'events'],
      [{ kind: 'signIn', ipRange: '203.0.113.0/24' }],
    );
    queryClient.setQueryData(['balance', 'credit-notes'], [{ number: 1 }]);
    queryClient.setQueryData(['admin', 'orders', 'list'], [{ id: 1 }]);
    queryClient.setQueryData(['offers', 'detail', 'a-picture', 'EUR'], { title: 'A picture' });
    queryClient.setQueryData(['categories'], [{ name: 'Fantasy' }]);

    session.clearTokens();

    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0]);
    expect(left.sort()).toEqual(['categories', 'offers']);
  });

  it('holds the profile query with its loading flag on while the call runs', async () => {
    const { store, loadProfile } = setup((path) =>
      path === apiPaths.accountsProfile ? json(200, PROFILE) : json(404, {}),
    );
    const loading = loadProfile();
    expect(store.get().loading.profile).toBe(true);
    await expect(loading).resolves.toEqual(PROFILE);
    expect(store.get().profile).toEqual(PROFILE);
    expect(store.get().loading.profile).toBe(false);
  });

  it('sets the balance to null when fetching it fails', async () => {
    let fail = false;
    const { store, currency, loadBalance } = setup((path, body) =>
      path === apiPaths.balance && !fail
        ? json(200, { currency: (body as { currency: string }).currency, amount: 1250 })
        : json(500, {}),
    );
    currency.setCurrency('USD');
    await loadBalance();
    expect(store.get().balance).toEqual({ currency: 'USD', amount: 1250 });
    fail = true;
    await expect(loadBalance()).resolves.toBeNull();
    expect(store.get().balance).toBeNull();
    expect(store.get().loading.balance).toBe(false);
  });

  it('forgets the balance of the previous currency when the currency changes', async () => {
    const { store, currency, loadBalance } = setup((path, body) =>
      path === apiPaths.balance
        ? json(200, { currency: (body as { currency: string }).currency, amount: 700 })
        : json(404, {}),
    );
    await loadBalance();
    expect(store.get().balance).toEqual({ currency: 'EUR', amount: 700 });
    currency.setCurrency('USD');
    expect(store.get().balance).toBeNull();
    await loadBalance();
    expect(store.get().balance).toEqual({ currency: 'USD', amount: 700 });
  });

  it('clears a busy flag when the call fails, and passes the failure on', async () => {
    const { store } = setup(() => json(400, { errors: { '': 'Invalid email or password' } }));
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.get().busy.login));
    const failing = store.whileBusy('login', () =>
      Promise.reject(new ApiError('generic', 'x', 400)),
    );
    await expect(failing).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([true, false]);
  });

  it('mirrors the chosen currency and forgets the user when the session ends', async () => {
    const { store, session, currency, loadProfile, loadBalance } = setup((path) =>
      path === apiPaths.accountsProfile
        ? json(200, PROFILE)
        : json(200, { currency: 'USD', amount: 0 }),
    );
    store.setCurrency('USD');
    expect(currency.getCurrency()).toBe('USD');
    expect(store.get().currency).toBe('USD');
    await loadProfile();
    await loadBalance();
    store.setCookieConsent({ granted: ['analytics'], rejected: ['preferences'] });
    store.setAcceptedPrivacy(true);
    expect(store.get().balance).toEqual({ currency: 'USD', amount: 0 });

    session.clearTokens();

    expect(store.get().profile).toBeNull();
    expect(store.get().balance).toBeNull();
    // Consent belongs to the browser, not to the account: it outlives a log out.
    expect(store.get().cookieConsent.granted).toEqual(['necessary', 'analytics']);
    expect(store.get().acceptedPrivacy).toBe(true);
  });

  it('tells subscribers about every change', () => {
    const { store } = setup(() => json(500, {}));
    const listener = vi.fn();
    store.subscribe(listener);
    store.setProfile(PROFILE);
    store.setAcceptedPrivacy(true);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get().profile).toEqual(PROFILE);
  });
});

describe('cookie consent in the account store', () => {
  const NOW = Date.parse('2026-11-22T12:00:00Z');
  function consentStore(storage: KeyValueStorage, now = NOW) {
    const client = createApiClient({ fetch: async () => json(500, {}) });
    const session = createSession({
      local: createMemoryStorage(),
      session: createMemoryStorage(),
      onAccessToken: client.setAccessToken,
    });
    const currency = createCurrencyStore(createMemoryStorage());
    const queryClient = createQueryClient();
    return createAccountStore({ queryClient, currency, session, storage, now: () => now });
  }

  it('grants only the necessary category before a choice, and writes nothing', () => {
    const storage = createMemoryStorage();
    const store = consentStore(storage);
    expect(isConsentDecided(store.get().cookieConsent)).toBe(false);
    expect(store.hasConsent('necessary')).toBe(true);
    expect(store.hasConsent('preferences')).toBe(false);
    expect(store.hasConsent('analytics')).toBe(false);
    expect(storage.getItem(COOKIE_CONSENT_STORAGE_KEY)).toBeNull();
  });

  it('keeps the granted and rejected lists in local storage, where a new page finds them', () => {
    const storage = createMemoryStorage();
    consentStore(storage).setCookieConsent({ granted: ['preferences'], rejected: ['analytics'] });

    expect(JSON.parse(storage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? '')).toEqual({
      granted: ['necessary', 'preferences'],
      rejected: ['analytics'],
      decidedAt: '2026-11-22T12:00:00.000Z',
    });
    const reloaded = consentStore(storage, NOW + 1000);
    expect(reloaded.get().cookieConsent).toEqual({
      granted: ['necessary', 'preferences'],
      rejected: ['analytics'],
    });
    expect(isConsentDecided(reloaded.get().cookieConsent)).toBe(true);
    expect(reloaded.hasConsent('preferences')).toBe(true);
    expect(reloaded.hasConsent('analytics')).toBe(false);
  });

  it('never lets "necessary" be rejected', () => {
    const store = consentStore(createMemoryStorage());
    store.setCookieConsent({ granted: [], rejected: ['necessary', 'preferences', 'analytics'] });
    expect(store.get().cookieConsent).toEqual({
      granted: ['necessary'],
      rejected: ['preferences', 'analytics'],
    });
    expect(store.hasConsent('necessary')).toBe(true);
  });

  it('asks again when the choice is a year old, unreadable, or misses a category', () => {
    const storage = createMemoryStorage();
    consentStore(storage).setCookieConsent({ granted: ['preferences', 'analytics'], rejected: [] });
    expect(consentStore(storage, NOW + COOKIE_CONSENT_MAX_AGE_MS).get().cookieConsent).toEqual({
      granted: [],
      rejected: [],
    });

    for (const stored of [
      'not json',
      '{"granted":"all"}',
      JSON.stringify({
        granted: ['necessary', 'preferences'],
        rejected: [],
        decidedAt: '2026-11-01',
      }),
    ]) {
      storage.setItem(COOKIE_CONSENT_STORAGE_KEY, stored);
      const store = consentStore(storage);
      expect(isConsentDecided(store.get().cookieConsent), stored).toBe(false);
      expect(store.hasConsent('analytics')).toBe(false);
    }
  });

  it('picks up a choice another tab made', () => {
    const storage = createMemoryStorage();
    const store = consentStore(storage);
    consentStore(storage).setCookieConsent({ granted: ['analytics'], rejected: ['preferences'] });
    expect(store.hasConsent('analytics')).toBe(false);
    store.syncCookieConsentFromStorage();
    expect(store.hasConsent('analytics')).toBe(true);
  });
});
