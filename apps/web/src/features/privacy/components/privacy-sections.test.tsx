// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  PRIVACY_MESSAGES,
  type AccountDeletionPreview,
  type DataExport,
} from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { clearTokens, isSignedIn, setTokens } from '../../../lib/session';
import { errorOf, fakeApi, json, writesOf } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;

beforeEach(() => setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }));

afterEach(async () => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

const EXPORT: DataExport = {
  id: '3f2a6c1e-8b7d-4c5e-9a10-2b3c4d5e6f70',
  status: 'queued',
  progress: 0,
  requestedAt: '2026-11-26T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  downloadUrl: null,
};
const READY: DataExport = {
  ...EXPORT,
  status: 'ready',
  progress: 100,
  readyAt: '2026-11-26T10:01:00.000Z',
  expiresAt: '2026-12-03T10:01:00.000Z',
  downloadUrl: '/api/privacy/exports/3f2a6c1e-8b7d-4c5e-9a10-2b3c4d5e6f70/download',
};

const region = (container: HTMLElement, name: string): HTMLElement =>
  within(container).getByRole('region', { name });

describe('download my data', () => {
  it('asks for an export, shows its progress while it is made, then downloads it with the session', async () => {
    const states: DataExport[] = [{ ...EXPORT, status: 'running', progress: 40 }, READY];
    let asked = false;
    // jsdom has no object URLs and does not download: record what the page hands to the browser.
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download) saved.push(this.download);
    });
    const calls = fakeApi({
      [READY.downloadUrl ?? '']: () =>
        new Response('zip bytes', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="pictura-data-2026-11-26.zip"' },
        }),
      [apiPaths.privacyExports]: ({ method }) => {
        if (method === 'POST') {
          asked = true;
          return json(202, EXPORT);
        }
        return json(200, { export: asked ? (states.shift() ?? READY) : null });
      },
    });
    app = await renderApp('/account-settings');
    const section = () => region(app!.container, 'Download my data');
    await waitFor(() =>
      expect(within(section()).getByRole('button', { name: 'Prepare my data' })).toBeDefined(),
    );

    await user.click(within(section()).getByRole('button', { name: 'Prepare my data' }));
    await waitFor(() => within(section()).getByRole('progressbar'));
    await waitFor(() => expect(section().textContent).toContain('Preparing your data: 40 %'), {
      timeout: 3_000,
    });
    await waitFor(
      () =>
        expect(
          within(section()).getByRole('button', { name: 'Download my data (ZIP)' }),
        ).toBeDefined(),
      { timeout: 3_000 },
    );
    // A button, not a link: the download needs the session, which a plain link would not send.
    expect(within(section()).queryByRole('link', { name: /download/i })).toBeNull();
    expect(within(section()).getByRole('status').textContent).toContain('Your data is ready.');
    expect(writesOf(calls).map((call) => call.path)).toEqual([apiPaths.privacyExports]);

    await user.click(within(section()).getByRole('button', { name: 'Download my data (ZIP)' }));
    await waitFor(() => expect(saved).toEqual(['pictura-data-2026-11-26.zip']));
    const download = calls.find((call) => call.path === READY.downloadUrl);
    expect(download?.authorization).toBe('Bearer access-1');
  });
});

describe('delete my account', () => {
  const preview = (body: AccountDeletionPreview) =>
    fakeApi({
      [apiPaths.privacyAccountDeletion]: ({ method, body: sent }) => {
        if (method === 'GET') return json(200, body);
        return (sent as { password: string }).password === 'the real one'
          ? json(200)
          : json(400, { errors: { password: PRIVACY_MESSAGES.wrongPassword } });
      },
    });

  it('warns in Japanese of the balance forfeited per currency before asking for the password', async () => {
    preview({
      balances: [
        { currency: 'EUR', amount: 2_500 },
        { currency: 'USD', amount: 500 },
      ],
      allowed: true,
    });
    app = await renderApp('/account-settings');
    await act(() => i18n.changeLanguage('ja'));
    const section = () => region(app!.container, 'アカウントを削除');
    await user.click(within(section()).getByRole('button', { name: 'アカウントを削除…' }));

    await waitFor(() =>
      expect(within(section()).getByRole('alert').textContent).toContain('残っている残高は失効し'),
    );
    const warning = within(section()).getByRole('alert').textContent;
    expect(warning).toMatch(/€25\.00/);
    expect(warning).toMatch(/\$5\.00/);
    expect(document.activeElement).toBe(within(section()).getByLabelText('パスワード'));
  });

  it('shows a wrong password on its field, then deletes the account and signs the user out', async () => {
    const calls = preview({ balances: [], allowed: true });
    app = await renderApp('/account-settings');
    const section = () => region(app!.container, 'Delete my account');
    await user.click(within(section()).getByRole('button', { name: 'Delete my account…' }));
    await waitFor(() => expect(section().textContent).toContain('You have no balance left.'));

    await user.clear(within(section()).getByLabelText('Your password'));
    await user.type(within(section()).getByLabelText('Your password'), 'not it');
    await user.click(
      within(section()).getByRole('button', { name: 'Delete my account permanently' }),
    );
    await waitFor(() =>
      expect(errorOf(within(section()).getByLabelText('Your password'))).toBe(
        'The password is not correct.',
      ),
    );
    expect(isSignedIn()).toBe(true);

    await user.clear(within(section()).getByLabelText('Your password'));
    await user.type(within(section()).getByLabelText('Your password'), 'the real one');
    await user.click(
      within(section()).getByRole('button', { name: 'Delete my account permanently' }),
    );
    await waitFor(() => expect(app?.router.state.location.pathname).toBe('/'));
    expect(isSignedIn()).toBe(false);
    const deletion = calls.filter((call) => call.path === apiPaths.privacyAccountDeletion);
    expect(deletion.at(-1)).toMatchObject({
      method: 'POST',
      body: { password: 'the real one' },
      authorization: 'Bearer access-1',
    });
  });

  it('says in Spanish that pictures are still being generated when the server refuses for that', async () => {
    fakeApi({
      [apiPaths.privacyAccountDeletion]: ({ method }) =>
        method === 'GET'
          ? json(200, { balances: [], allowed: true })
          : json(400, { errors: { '': PRIVACY_MESSAGES.generationUnfinished } }),
    });
    app = await renderApp('/account-settings');
    await act(() => i18n.changeLanguage('es'));
    const section = () => region(app!.container, 'Eliminar mi cuenta');
    await user.click(within(section()).getByRole('button', { name: 'Eliminar mi cuenta…' }));
    await waitFor(() => expect(within(section()).getByLabelText('Tu contraseña')).toBeDefined());
    await user.clear(within(section()).getByLabelText('Tu contraseña'));
    await user.type(within(section()).getByLabelText('Tu contraseña'), 'the real one');
    await user.click(
      within(section()).getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }),
    );
    await waitFor(() =>
      expect(section().textContent).toContain('Todavía se están generando imágenes para ti.'),
    );
    expect(isSignedIn()).toBe(true);
  });

  it('says in Japanese that a payment is still on its way when the server refuses for that', async () => {
    fakeApi({
      [apiPaths.privacyAccountDeletion]: ({ method }) =>
        method === 'GET'
          ? json(200, { balances: [], allowed: true })
          : json(400, { errors: { '': PRIVACY_MESSAGES.paymentInFlight } }),
    });
    app = await renderApp('/account-settings');
    await act(() => i18n.changeLanguage('ja'));
    const section = () => region(app!.container, 'アカウントを削除');
    await user.click(within(section()).getByRole('button', { name: 'アカウントを削除…' }));
    await waitFor(() => expect(within(section()).getByLabelText('パスワード')).toBeDefined());
    await user.clear(within(section()).getByLabelText('パスワード'));
    await user.type(within(section()).getByLabelText('パスワード'), 'the real one');
    await user.click(within(section()).getByRole('button', { name: 'アカウントを完全に削除' }));
    await waitFor(() =>
      expect(section().textContent).toContain('保留中または銀行で処理中のお支払いがあります。'),
    );
    expect(isSignedIn()).toBe(true);
  });

  it('tells an administrator why the account cannot be deleted here, with no form', async () => {
    preview({ balances: [], allowed: false });
    app = await renderApp('/account-settings');
    const section = () => region(app!.container, 'Delete my account');
    await user.click(within(section()).getByRole('button', { name: 'Delete my account…' }));
    await waitFor(() =>
      expect(section().textContent).toContain('An administrator account cannot be deleted here.'),
    );
    expect(within(section()).queryByLabelText('Your password')).toBeNull();
  });
});
