// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths, type ProfileResponse } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { clearTokens, isSignedIn, setTokens } from '../../../lib/session';
import { errorOf, fakeApi, json, writesOf } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });

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
const statusTexts = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('status')
    .map((el) => el.textContent)
    .join(' ');

describe('account settings', () => {
  it('fills the name form from the profile and saves it', async () => {
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, PROFILE),
      [apiPaths.accountsUpdate]: ({ body }) => json(200, { ...PROFILE, ...(body as object) }),
    });
    const { container } = await open('/account-settings');
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
    expect(value(within(container).getByLabelText('Last name'))).toBe('');
    expect(container.textContent).toContain('ada@example.com');

    await user.clear(within(container).getByLabelText('Last name'));
    await user.type(within(container).getByLabelText('Last name'), ' Lovelace ');
    await user.click(within(container).getByRole('button', { name: 'Save name' }));
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
    await user.clear(within(container).getByLabelText('Current password'));
    await user.type(within(container).getByLabelText('Current password'), 'not it');
    await user.clear(within(container).getByLabelText('New password'));
    await user.type(within(container).getByLabelText('New password'), 'violet tram umbrella 42');
    await user.clear(within(container).getByLabelText('Repeat the new password'));
    await user.type(
      within(container).getByLabelText('Repeat the new password'),
      'violet tram umbrella 42',
    );
    await user.click(within(container).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(errorOf(within(container).getByLabelText('Current password'))).toBe(
        ACCOUNT_MESSAGES.currentPasswordWrong,
      ),
    );

    await user.clear(within(container).getByLabelText('Current password'));
    await user.type(within(container).getByLabelText('Current password'), 'the real one');
    await user.click(within(container).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(statusTexts(container)).toContain('Your password has been changed.'),
    );
    expect(value(within(container).getByLabelText('New password'))).toBe('');
    expect(isSignedIn()).toBe(true);
  });

  it('logs out everywhere: the server ends all sessions, then this one is gone too', async () => {
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, PROFILE),
      [apiPaths.accountsLogoutAll]: () => json(200),
    });
    const rendered = await open('/account-settings');
    await user.click(
      within(rendered.container).getByRole('button', { name: 'Log out everywhere' }),
    );
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
      expect(within(container).queryAllByRole('alert')[0]?.textContent).toBe(
        'Your account could not be loaded. An unexpected server error occurred.',
      ),
    );
    fail = false;
    // Each part of the page that could not load offers its own retry; the first is the account's.
    await user.click(within(container).getAllByRole('button', { name: 'Try again' })[0]!);
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
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
    await waitFor(() => expect(value(within(container).getByLabelText('Country'))).toBe('ES'));
    const country = within(container).getByLabelText('Country') as HTMLSelectElement;
    expect(country.options).toHaveLength(1 + 249);
    expect(country.selectedOptions[0]?.textContent).toBe('Spain');

    await user.selectOptions(country, 'JP');
    await user.clear(within(container).getByLabelText('City'));
    await user.type(within(container).getByLabelText('City'), 'Kyoto');
    await user.clear(within(container).getByLabelText('State, province or region (optional)'));
    await user.click(within(container).getByRole('button', { name: 'Save billing information' }));
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
    expect(
      (within(container).getByLabelText('国') as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe('日本');
  });

  it('asks for a country and the required fields', async () => {
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () =>
        json(200, { ...PROFILE, country: null, city: null, address1: null, zipCode: null }),
    });
    const { container } = await open('/billing-information');
    await user.click(
      await within(container).findByRole('button', { name: 'Save billing information' }),
    );
    expect(errorOf(within(container).getByLabelText('Country'))).toBe('Choose a country.');
    expect(errorOf(within(container).getByLabelText('City'))).toBe('This field is required.');
    expect(errorOf(within(container).getByLabelText('Postal code'))).toBe(
      'This field is required.',
    );
    expect(writesOf(calls)).toEqual([]);
  });
});
