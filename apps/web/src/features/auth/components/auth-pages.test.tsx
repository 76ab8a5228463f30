// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths, STORAGE_KEYS } from '@pictura/contract';
import { accountStore } from '../../../lib/account-store';
import { i18n } from '../../../lib/i18n';
import { clearTokens, getTokens, isSignedIn, setTokens } from '../../../lib/session';
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
import { click, renderApp, settle, waitFor, type RenderedApp } from '../../../test/render-app';

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
  container.querySelector('[role="alert"]')?.textContent ?? null;

describe('log in', () => {
  it('shows field errors without calling the server, in the active language', async () => {
    const calls = fakeApi({});
    const { container } = await open('/login');
    await submit(container.querySelector('form'));
    const email = field(container, 'Email');
    expect(errorOf(email)).toBe('This field is required.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field(container, 'Password'))).toBe('This field is required.');
    expect(calls).toEqual([]);

    await act(() => i18n.changeLanguage('es'));
    expect(errorOf(field(container, 'Correo electrónico'))).toBe('Este campo es obligatorio.');
  });

  it('shows the server general message above the form, translated', async () => {
    fakeApi({
      [apiPaths.accountsLogin]: () =>
        json(400, { errors: { '': ACCOUNT_MESSAGES.invalidCredentials } }),
    });
    const { container } = await open('/login');
    await typeInto(field(container, 'Email'), 'ada@example.com');
    await typeInto(field(container, 'Password'), 'wrong password');
    await submit(container.querySelector('form'));
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
    await typeInto(field(rendered.container, 'Email'), ' Ada@Example.com ');
    await typeInto(field(rendered.container, 'Password'), 'correct horse');
    await submit(rendered.container.querySelector('form'));

    const busy = button(rendered.container, 'Logging in…');
    expect(busy.disabled).toBe(true);
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
    await typeInto(field(rendered.container, 'Email'), 'ada@example.com');
    await typeInto(field(rendered.container, 'Password'), 'correct horse');
    await submit(rendered.container.querySelector('form'));
    await settle(rendered.router);
    await waitFor(() => expect(where(rendered)).toBe('/'));
  });
});

describe('sign up', () => {
  async function fillIn(container: HTMLElement, email: string) {
    await typeInto(field(container, 'Email'), email);
    await typeInto(field(container, 'Password'), 'violet tram umbrella 42');
    await typeInto(field(container, 'Repeat the password'), 'violet tram umbrella 42');
    const agree = container.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (agree) await click(agree);
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
    await submit(container.querySelector('form'));
    await waitFor(() =>
      expect(errorOf(field(container, 'Email'))).toBe(ACCOUNT_MESSAGES.emailTaken),
    );
    expect(errorOf(field(container, 'Password'))).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(alertText(container)).toBeNull();
    expect(document.activeElement).toBe(field(container, 'Email'));
  });

  it('asks for the privacy policy agreement and matching passwords', async () => {
    const calls = fakeApi({});
    const { container } = await open('/sign-up');
    await typeInto(field(container, 'Email'), 'ada@example.com');
    await typeInto(field(container, 'Password'), 'violet tram umbrella 42');
    await typeInto(field(container, 'Repeat the password'), 'violet tram umbrella 43');
    await submit(container.querySelector('form'));
    const agree = container.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (!agree) throw new Error('no checkbox');
    expect(errorOf(agree)).toBe('You must agree to the privacy policy.');
    const policy = container.querySelector('form a[href="/privacy-policy"]');
    expect(policy?.textContent).toBe('privacy policy');
    await click(agree);
    await submit(container.querySelector('form'));
    await waitFor(() =>
      expect(errorOf(field(container, 'Repeat the password'))).toBe('The passwords do not match.'),
    );
    expect(calls).toEqual([]);
  });

  it('signs the new user in and goes home', async () => {
    const calls = fakeApi({ [apiPaths.accountsRegister]: () => json(200, TOKENS) });
    const rendered = await open('/sign-up');
    await fillIn(rendered.container, 'new@example.com');
    await submit(rendered.container.querySelector('form'));
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
    await typeInto(field(container, 'Email'), 'ada@example.com');
    await typeInto(field(container, 'Password'), 'password');
    await waitFor(
      () => expect(container.textContent).toContain('Password strength: very weak'),
      5000,
    );
    await typeInto(field(container, 'Password'), 'violet tram umbrella 42');
    await waitFor(() => expect(container.textContent).toContain('Password strength: strong'));
  });
});

describe('forgot and reset password', () => {
  it('says the code was sent and links to the reset page with the email', async () => {
    const calls = fakeApi({ [apiPaths.accountsForgotPassword]: () => json(200) });
    const { container } = await open('/forgot-password');
    await typeInto(field(container, 'Email'), 'ada@example.com');
    await submit(container.querySelector('form'));
    await waitFor(() =>
      expect(container.querySelector('[role="status"]')?.textContent).toContain(
        'If an account exists for ada@example.com',
      ),
    );
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com' });
    const link = container.querySelector('[role="status"] a');
    expect(link?.getAttribute('href')).toBe('/reset-password?email=ada%40example.com');
  });

  it('fills in email and code from the link, resets, and offers to log in', async () => {
    const calls = fakeApi({ [apiPaths.accountsResetPassword]: () => json(200) });
    const { container } = await open('/reset-password?email=ada%40example.com&code=ABCD2345EF');
    expect((field(container, 'Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((field(container, 'Code from the email') as HTMLInputElement).value).toBe('ABCD2345EF');
    await typeInto(field(container, 'New password'), 'violet tram umbrella 42');
    await typeInto(field(container, 'Repeat the password'), 'violet tram umbrella 42');
    await submit(container.querySelector('form'));
    await waitFor(() =>
      expect(container.querySelector('[role="status"]')?.textContent).toContain(
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
    await click(button(rendered.container, 'Log out'));
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
