// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths, STORAGE_KEYS } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { i18n } from '../../../lib/i18n';
import { clearTokens, getTokens, isSignedIn, setTokens } from '../../../lib/session';
import { errorOf, fakeApi, json, writesOf } from '../../../test/forms';
import { renderApp, settle, type RenderedApp } from '../../../test/render-app';

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

const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const where = ({ router }: RenderedApp) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const alertText = (container: HTMLElement) =>
  within(container).queryByRole('alert')?.textContent ?? null;

describe('log in', () => {
  it('shows field errors without calling the server, in the active language', async () => {
    const calls = fakeApi({});
    const { container } = await open('/login');
    await user.click(within(container).getByRole('button', { name: 'Log in' }));
    const email = within(container).getByLabelText('Email');
    expect(errorOf(email)).toBe('This field is required.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(within(container).getByLabelText('Password'))).toBe('This field is required.');
    expect(calls).toEqual([]);

    await act(() => i18n.changeLanguage('es'));
    expect(errorOf(within(container).getByLabelText('Correo electrónico'))).toBe(
      'Este campo es obligatorio.',
    );
  });

  it('shows the server general message above the form, translated', async () => {
    fakeApi({
      [apiPaths.accountsLogin]: () =>
        json(400, { errors: { '': ACCOUNT_MESSAGES.invalidCredentials } }),
    });
    const { container } = await open('/login');
    await user.clear(within(container).getByLabelText('Email'));
    await user.type(within(container).getByLabelText('Email'), 'ada@example.com');
    await user.clear(within(container).getByLabelText('Password'));
    await user.type(within(container).getByLabelText('Password'), 'wrong password');
    await user.click(within(container).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(alertText(container)).toBe(ACCOUNT_MESSAGES.invalidCredentials));
    expect(isSignedIn()).toBe(false);
    await act(() => i18n.changeLanguage('ja'));
    expect(alertText(container)).toBe('メールアドレスまたはパスワードが正しくありません。');
  });

  it('disables the submit button while logging in, then goes to the returnUrl', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = fakeApi({
      [apiPaths.accountsLogin]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const rendered = await open('/login?returnUrl=%2Fcart%3Fstep%3D2');
    await user.clear(within(rendered.container).getByLabelText('Email'));
    await user.type(within(rendered.container).getByLabelText('Email'), ' Ada@Example.com ');
    await user.clear(within(rendered.container).getByLabelText('Password'));
    await user.type(within(rendered.container).getByLabelText('Password'), 'correct horse');
    await user.click(within(rendered.container).getByRole('button', { name: 'Log in' }));

    const busy = within(rendered.container).getByRole('button', { name: 'Logging in…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(accountStore.get().busy.login).toBe(true);
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });

    await act(async () => answer(json(200, TOKENS)));
    await settle(rendered.router);
    expect(where(rendered)).toBe('/cart?step=2');
    expect(getTokens()).toEqual(TOKENS);
    expect(sessionStorage.getItem(STORAGE_KEYS.jwtToken)).toBe(TOKENS.accessToken);
    expect(accountStore.get().busy.login).toBe(false);
  });

  it('goes home when the returnUrl would leave the site', async () => {
    fakeApi({ [apiPaths.accountsLogin]: () => json(200, TOKENS) });
    const rendered = await open('/login?returnUrl=https%3A%2F%2Fevil.example');
    await user.clear(within(rendered.container).getByLabelText('Email'));
    await user.type(within(rendered.container).getByLabelText('Email'), 'ada@example.com');
    await user.clear(within(rendered.container).getByLabelText('Password'));
    await user.type(within(rendered.container).getByLabelText('Password'), 'correct horse');
    await user.click(within(rendered.container).getByRole('button', { name: 'Log in' }));
    await settle(rendered.router);
    await waitFor(() => expect(where(rendered)).toBe('/'));
  });
});

describe('sign up', () => {
  async function fillIn(container: HTMLElement, email: string) {
    await user.clear(within(container).getByLabelText('Email'));
    await user.type(within(container).getByLabelText('Email'), email);
    await user.clear(within(container).getByLabelText('Password'));
    await user.type(within(container).getByLabelText('Password'), 'violet tram umbrella 42');
    await user.clear(within(container).getByLabelText('Repeat the password'));
    await user.type(
      within(container).getByLabelText('Repeat the password'),
      'violet tram umbrella 42',
    );
    await user.click(within(container).getByRole('checkbox', { name: /privacy policy/ }));
  }

  it('puts server field errors on their fields', async () => {
    fakeApi({
      [apiPaths.accountsRegister]: () =>
        json(400, {
          errors: {
            email: ACCOUNT_MESSAGES.emailTaken,
            password: ACCOUNT_MESSAGES.passwordTooWeak,
          },
        }),
    });
    const { container } = await open('/sign-up');
    await fillIn(container, 'ada@example.com');
    await user.click(within(container).getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(errorOf(within(container).getByLabelText('Email'))).toBe(ACCOUNT_MESSAGES.emailTaken),
    );
    expect(errorOf(within(container).getByLabelText('Password'))).toBe(
      ACCOUNT_MESSAGES.passwordTooWeak,
    );
    expect(alertText(container)).toBeNull();
    expect(document.activeElement).toBe(within(container).getByLabelText('Email'));
  });

  it('asks for the privacy policy agreement and matching passwords', async () => {
    const calls = fakeApi({});
    const { container } = await open('/sign-up');
    await user.clear(within(container).getByLabelText('Email'));
    await user.type(within(container).getByLabelText('Email'), 'ada@example.com');
    await user.clear(within(container).getByLabelText('Password'));
    await user.type(within(container).getByLabelText('Password'), 'violet tram umbrella 42');
    await user.clear(within(container).getByLabelText('Repeat the password'));
    await user.type(
      within(container).getByLabelText('Repeat the password'),
      'violet tram umbrella 43',
    );
    await user.click(within(container).getByRole('button', { name: 'Create account' }));
    const agree = within(container).getByRole('checkbox', { name: /privacy policy/ });
    expect(errorOf(agree)).toBe('You must agree to the privacy policy.');
    const policy = within(container).getByRole('link', { name: 'privacy policy' });
    expect(policy.getAttribute('href')).toBe('/privacy-policy');
    await user.click(agree);
    await user.click(within(container).getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(errorOf(within(container).getByLabelText('Repeat the password'))).toBe(
        'The passwords do not match.',
      ),
    );
    expect(calls).toEqual([]);
  });

  it('signs the new user in and goes home', async () => {
    const calls = fakeApi({ [apiPaths.accountsRegister]: () => json(200, TOKENS) });
    const rendered = await open('/sign-up');
    await fillIn(rendered.container, 'new@example.com');
    await user.click(within(rendered.container).getByRole('button', { name: 'Create account' }));
    await settle(rendered.router);
    await waitFor(() => expect(where(rendered)).toBe('/'));
    expect(calls[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'violet tram umbrella 42',
      repeatedPassword: 'violet tram umbrella 42',
      agreedToPrivacyPolicy: true,
    });
    expect(isSignedIn()).toBe(true);
    expect(accountStore.get().acceptedPrivacy).toBe(true);
  });

  it('shows the password strength once a password is typed', async () => {
    fakeApi({});
    const { container } = await open('/sign-up');
    await user.clear(within(container).getByLabelText('Email'));
    await user.type(within(container).getByLabelText('Email'), 'ada@example.com');
    await user.clear(within(container).getByLabelText('Password'));
    await user.type(within(container).getByLabelText('Password'), 'password');
    await waitFor(() => expect(container.textContent).toContain('Password strength: very weak'), {
      timeout: 5000,
    });
    await user.clear(within(container).getByLabelText('Password'));
    await user.type(within(container).getByLabelText('Password'), 'violet tram umbrella 42');
    await waitFor(() => expect(container.textContent).toContain('Password strength: strong'));
  });
});

describe('forgot and reset password', () => {
  it('says the code was sent and links to the reset page with the email', async () => {
    const calls = fakeApi({ [apiPaths.accountsForgotPassword]: () => json(200) });
    const { container } = await open('/forgot-password');
    await user.clear(within(container).getByLabelText('Email'));
    await user.type(within(container).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(container).getByRole('button', { name: 'Send the code' }));
    await waitFor(() =>
      expect(within(container).getByRole('status').textContent).toContain(
        'If an account exists for ada@example.com',
      ),
    );
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com' });
    const link = within(within(container).getByRole('status')).getByRole('link');
    expect(link.getAttribute('href')).toBe('/reset-password?email=ada%40example.com');
  });

  it('fills in email and code from the link, resets, and offers to log in', async () => {
    const calls = fakeApi({ [apiPaths.accountsResetPassword]: () => json(200) });
    const { container } = await open('/reset-password?email=ada%40example.com&code=ABCD2345EF');
    expect((within(container).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
    expect(
      (within(container).getByLabelText('Code from the email') as HTMLInputElement).value,
    ).toBe('ABCD2345EF');
    await user.clear(within(container).getByLabelText('New password'));
    await user.type(within(container).getByLabelText('New password'), 'violet tram umbrella 42');
    await user.clear(within(container).getByLabelText('Repeat the password'));
    await user.type(
      within(container).getByLabelText('Repeat the password'),
      'violet tram umbrella 42',
    );
    await user.click(within(container).getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(within(container).getByRole('status').textContent).toContain(
        'Your password has been changed.',
      ),
    );
    expect(calls[0]?.body).toEqual({
      email: 'ada@example.com',
      code: 'ABCD2345EF',
      password: 'violet tram umbrella 42',
      repeatedPassword: 'violet tram umbrella 42',
    });
  });
});

describe('log out', () => {
  it('revokes the refresh token on the server, then clears the tokens', async () => {
    const calls = fakeApi({ [apiPaths.accountsLogout]: () => json(200) });
    setTokens(TOKENS);
    const rendered = await open('/privacy-policy');
    await user.click(within(rendered.container).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(isSignedIn()).toBe(false));
    // The header also reads the profile (the back office link); the log out is the one POST.
    expect(writesOf(calls)).toEqual([
      {
        method: 'POST',
        path: apiPaths.accountsLogout,
        body: { refreshToken: TOKENS.refreshToken },
        authorization: `Bearer ${TOKENS.accessToken}`,
      },
    ]);
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});
