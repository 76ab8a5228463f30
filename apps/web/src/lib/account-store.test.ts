import { describe, expect, it, vi } from 'vitest';
import { apiPaths, type ProfileResponse } from '@pictura/contract';
import { ApiError, createApiClient } from './api-client';
import { createAccountStore } from './account-store';
import { createCurrencyStore } from './currency';
import { createSession } from './session';
import { createMemoryStorage } from './storage';

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
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(answer: (path: string, body: unknown) => Response) {
  const client = createApiClient({
    fetch: async (input, init = {}) =>
      answer(String(input), init.body ? JSON.parse(String(init.body)) : undefined),
  });
  const session = createSession({
    local: createMemoryStorage(),
    session: createMemoryStorage(),
    onAccessToken: client.setAccessToken,
  });
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  const currency = createCurrencyStore(createMemoryStorage());
  const store = createAccountStore({ client, currency, session });
  return { store, session, currency };
}

describe('account store (seed-spec sections 3 and 4)', () => {
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

  it('loads the profile with its loading flag on while the call runs', async () => {
    const { store } = setup((path) =>
      path === apiPaths.accountsProfile ? json(200, PROFILE) : json(404, {}),
    );
    const loading = store.loadProfile();
    expect(store.get().loading.profile).toBe(true);
    await expect(loading).resolves.toEqual(PROFILE);
    expect(store.get().profile).toEqual(PROFILE);
    expect(store.get().loading.profile).toBe(false);
  });

  it('sets the balance to null when fetching it fails', async () => {
    let fail = false;
    const { store } = setup((path, body) =>
      path === apiPaths.balance && !fail
        ? json(200, { currency: (body as { currency: string }).currency, amount: 1250 })
        : json(500, {}),
    );
    await store.loadBalance('USD');
    expect(store.get().balance).toEqual({ currency: 'USD', amount: 1250 });
    fail = true;
    await expect(store.loadBalance()).resolves.toBeNull();
    expect(store.get().balance).toBeNull();
    expect(store.get().loading.balance).toBe(false);
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
    const { store, session, currency } = setup((path) =>
      path === apiPaths.accountsProfile
        ? json(200, PROFILE)
        : json(200, { currency: 'EUR', amount: 0 }),
    );
    store.setCurrency('USD');
    expect(currency.getCurrency()).toBe('USD');
    expect(store.get().currency).toBe('USD');
    await store.loadProfile();
    await store.loadBalance();
    store.setCookieConsent({ granted: ['analytics'], rejected: ['marketing'] });
    store.setAcceptedPrivacy(true);

    session.clearTokens();

    expect(store.get().profile).toBeNull();
    expect(store.get().balance).toBeNull();
    // Consent belongs to the browser, not to the account: it outlives a log out.
    expect(store.get().cookieConsent.granted).toEqual(['analytics']);
    expect(store.get().acceptedPrivacy).toBe(true);
  });

  it('tells subscribers about every change', () => {
    const { store } = setup(() => json(500, {}));
    const listener = vi.fn();
    store.subscribe(listener);
    store.setProfile(PROFILE);
    store.setAcceptedPrivacy(true);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
