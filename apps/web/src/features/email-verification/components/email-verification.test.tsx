// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  EMAIL_VERIFICATION_MESSAGES,
  ERROR_MESSAGES,
  type ProfileResponse,
} from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { clearTokens, setTokens } from '../../../lib/session';
import { fakeApi, json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
async function open(url: string): Promise<RenderedApp> {
  app = await renderApp(url);
  return app;
}

afterEach(async () => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const signIn = () => setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });

const UNVERIFIED: ProfileResponse = {
  email: 'ada@example.com',
  firstName: null,
  lastName: null,
  country: null,
  city: null,
  address1: null,
  state: null,
  zipCode: null,
  currency: 'EUR',
  isAdmin: false,
  emailVerified: false,
  pendingEmail: null,
};
const USER = '0b9e4c1e-6a57-4f0e-9d55-3c0f4d7f2a10';
const TOKEN = 'x'.repeat(43);
const LINK = `/verify-email?user=${USER}&token=${TOKEN}`;

const main = (container: HTMLElement) => within(within(container).getByRole('main'));
const alertText = (container: HTMLElement) =>
  main(container).queryAllByRole('alert')[0]?.textContent;
const statusTexts = (container: HTMLElement) =>
  main(container)
    .queryAllByRole('status')
    .map((el) => el.textContent)
    .join(' ');

describe('the verify page', () => {
  it('opens the link once and says the address is verified', async () => {
    const calls = fakeApi({
      [apiPaths.accountsVerifyEmail]: () => json(200, { email: 'ada@example.com' }),
    });
    const { container } = await open(LINK);

    await waitFor(() =>
      expect(statusTexts(container)).toContain('Thank you: ada@example.com is verified.'),
    );
    const sent = calls.filter((call) => call.path === apiPaths.accountsVerifyEmail);
    expect(sent.map((call) => call.body)).toEqual([{ user: USER, token: TOKEN }]);
  });

  it("shows the server's refusal in the reader's language, with a way to a new link", async () => {
    fakeApi({
      [apiPaths.accountsVerifyEmail]: () =>
        json(400, { errors: { '': EMAIL_VERIFICATION_MESSAGES.invalidLink } }),
    });
    await act(() => i18n.changeLanguage('es'));
    app = await renderApp(LINK);
    await act(() => i18n.changeLanguage('es'));

    await waitFor(() =>
      expect(alertText(app!.container)).toBe(
        'Este enlace no es válido o ha caducado. Pide uno nuevo.',
      ),
    );
    expect(
      main(app.container)
        .getByRole('link', { name: 'Inicia sesión para pedir un enlace nuevo' })
        .getAttribute('href'),
    ).toBe('/login');
  });

  it('refuses a link without its token without asking the server', async () => {
    const calls = fakeApi({});
    const { container } = await open(`/verify-email?user=${USER}`);

    expect(alertText(container)).toBe(EMAIL_VERIFICATION_MESSAGES.invalidLink);
    expect(calls.filter((call) => call.path === apiPaths.accountsVerifyEmail)).toEqual([]);
  });
});

describe('the notice on the money pages', () => {
  it('shows an unverified user why and sends a new link, or says the limit is reached', async () => {
    let resends = 0;
    fakeApi({
      [apiPaths.accountsProfile]: () => json(200, UNVERIFIED),
      [apiPaths.accountsResendVerification]: () =>
        ++resends === 1
          ? json(200, {})
          : json(429, { errors: { '': ERROR_MESSAGES.tooManyRequests } }),
    });
    signIn();
    const { container } = await open('/create');

    await waitFor(() =>
      expect(container.textContent).toContain('open the link we mailed to ada@example.com'),
    );
    await user.click(within(container).getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(statusTexts(container)).toContain('A new link is on its way to ada@example.com.'),
    );
    await user.click(within(container).getByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(alertText(container)).toBe('Too many requests.'));
  });

  it('shows nothing to a verified user', async () => {
    fakeApi({
      [apiPaths.accountsProfile]: () => json(200, { ...UNVERIFIED, emailVerified: true }),
    });
    signIn();
    const { container } = await open('/gift-card');

    await waitFor(() => main(container).getByRole('heading', { level: 1 }));
    expect(container.textContent).not.toContain('Please verify your email address');
  });
});

describe('changing the address in account settings', () => {
  it('sends the new address and shows it waiting for its link', async () => {
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, { ...UNVERIFIED, emailVerified: true }),
      [apiPaths.accountsChangeEmail]: () =>
        json(200, { ...UNVERIFIED, emailVerified: true, pendingEmail: 'ada@new.example' }),
    });
    signIn();
    const { container } = await open('/account-settings');
    await waitFor(() => expect(container.textContent).toContain('(verified)'));

    await user.clear(within(container).getByLabelText('New email address'));
    await user.type(within(container).getByLabelText('New email address'), 'Ada@New.example');
    await user.clear(within(container).getByLabelText('Your password'));
    await user.type(within(container).getByLabelText('Your password'), 'my password');
    await user.click(within(container).getByRole('button', { name: 'Change email address' }));

    await waitFor(() =>
      expect(statusTexts(container)).toContain('We mailed a link to ada@new.example.'),
    );
    expect(container.textContent).toContain('Waiting for confirmation: ada@new.example.');
    expect(calls.find((call) => call.path === apiPaths.accountsChangeEmail)?.body).toEqual({
      email: 'ada@new.example',
      currentPassword: 'my password',
    });
  });
});
