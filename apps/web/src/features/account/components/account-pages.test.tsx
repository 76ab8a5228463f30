// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths, type ProfileResponse } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { clearTokens, isSignedIn, setTokens } from '../../../lib/session';
import {
  button,
  errorOf,
  fakeApi,
  field,
  json,
  submit,
  typeInto,
  writesOf,
} from '../../../test/forms';
import { choose, click, renderApp, waitFor, type RenderedApp } from '../../../test/render-app';

let app: RenderedApp | undefined;
async function open(url: string): Promise<RenderedApp> {
  app = await renderApp(url);
  return app;
}

beforeEach(() => setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }));

afterEach(async () => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const PROFILE: ProfileResponse = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  country: 'ES',
  city: 'Madrid',
  address1: 'Calle Mayor 1',
  state: 'Madrid',
  zipCode: '28013',
  currency: 'EUR',
  isAdmin: false,
  emailVerified: true,
  pendingEmail: null,
};

const value = (control: HTMLElement) => (control as HTMLInputElement).value;
const forms = (container: HTMLElement) => [...container.querySelectorAll('form')];
const statusTexts = (container: HTMLElement) =>
  [...container.querySelectorAll('[role="status"]')].map((el) => el.textContent).join(' ');

describe('account settings', () => {
  it('fills the name form from the profile and saves it', async () => {
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, PROFILE),
      [apiPaths.accountsUpdate]: ({ body }) => json(200, { ...PROFILE, ...(body as object) }),
    });
    const { container } = await open('/account-settings');
    await waitFor(() => expect(value(field(container, 'First name'))).toBe('Ada'));
    expect(value(field(container, 'Last name'))).toBe('');
    expect(container.textContent).toContain('ada@example.com');

    await typeInto(field(container, 'Last name'), ' Lovelace ');
    await submit(forms(container)[0] ?? null);
    await waitFor(() => expect(statusTexts(container)).toContain('Your name has been saved.'));
    expect(calls.find((call) => call.path === apiPaths.accountsUpdate)?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('shows a wrong current password on its field, and a success after a good one', async () => {
    let attempts = 0;
    fakeApi({
      [apiPaths.accountsProfile]: () => json(200, PROFILE),
      [apiPaths.accountsChangePassword]: () =>
        ++attempts === 1
          ? json(400, { errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong } })
          : json(200),
    });
    const { container } = await open('/account-settings');
    await typeInto(field(container, 'Current password'), 'not it');
    await typeInto(field(container, 'New password'), 'violet tram umbrella 42');
    await typeInto(field(container, 'Repeat the new password'), 'violet tram umbrella 42');
    await submit(forms(container)[1] ?? null);
    await waitFor(() =>
      expect(errorOf(field(container, 'Current password'))).toBe(
        ACCOUNT_MESSAGES.currentPasswordWrong,
      ),
    );

    await typeInto(field(container, 'Current password'), 'the real one');
    await submit(forms(container)[1] ?? null);
    await waitFor(() =>
      expect(statusTexts(container)).toContain('Your password has been changed.'),
    );
    expect(value(field(container, 'New password'))).toBe('');
    expect(isSignedIn()).toBe(true);
  });

  it('logs out everywhere: the server ends all sessions, then this one is gone too', async () => {
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, PROFILE),
      [apiPaths.accountsLogoutAll]: () => json(200),
    });
    const rendered = await open('/account-settings');
    await click(button(rendered.container, 'Log out everywhere'));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/'));
    expect(isSignedIn()).toBe(false);
    const logoutAll = calls.find((call) => call.path === apiPaths.accountsLogoutAll);
    expect(logoutAll?.authorization).toBe('Bearer access-1');
  });

  it('says when the account cannot be loaded, and tries again', async () => {
    let fail = true;
    fakeApi({
      [apiPaths.accountsProfile]: () => (fail ? json(500) : json(200, PROFILE)),
    });
    const { container } = await open('/account-settings');
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'Your account could not be loaded. An unexpected server error occurred.',
      ),
    );
    fail = false;
    await click(button(container, 'Try again'));
    await waitFor(() => expect(value(field(container, 'First name'))).toBe('Ada'));
  });
});

describe('billing information', () => {
  it('offers every country by name in the active language, and saves the address', async () => {
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, PROFILE),
      [apiPaths.accountsUpdateBilling]: ({ body }) =>
        json(200, { ...PROFILE, state: null, ...(body as object) }),
    });
    const { container } = await open('/billing-information');
    await waitFor(() => expect(value(field(container, 'Country'))).toBe('ES'));
    const country = field(container, 'Country') as HTMLSelectElement;
    expect(country.options).toHaveLength(1 + 249);
    expect(country.selectedOptions[0]?.textContent).toBe('Spain');

    await choose(country, 'JP');
    await typeInto(field(container, 'City'), 'Kyoto');
    await typeInto(field(container, 'State, province or region (optional)'), '');
    await submit(container.querySelector('form'));
    await waitFor(() =>
      expect(statusTexts(container)).toContain('Your billing information has been saved.'),
    );
    expect(calls.find((call) => call.path === apiPaths.accountsUpdateBilling)?.body).toEqual({
      country: 'JP',
      city: 'Kyoto',
      address1: 'Calle Mayor 1',
      zipCode: '28013',
    });

    await act(() => i18n.changeLanguage('ja'));
    expect((field(container, '国') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      '日本',
    );
  });

  it('asks for a country and the required fields', async () => {
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () =>
        json(200, { ...PROFILE, country: null, city: null, address1: null, zipCode: null }),
    });
    const { container } = await open('/billing-information');
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    await submit(container.querySelector('form'));
    expect(errorOf(field(container, 'Country'))).toBe('Choose a country.');
    expect(errorOf(field(container, 'City'))).toBe('This field is required.');
    expect(errorOf(field(container, 'Postal code'))).toBe('This field is required.');
    expect(writesOf(calls)).toEqual([]);
  });
});
