// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, apiPathTo, type Passkey } from '@pictura/contract';
import { clearTokens, setTokens } from '../../../lib/session';
import { errorOf, fakeApi, json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;

beforeEach(() => setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }));

afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
});

const PHONE: Passkey = {
  id: '6f1c2b8e-4a3d-4f5e-9b7a-1c2d3e4f5a6b',
  name: 'Phone',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

const section = (container: HTMLElement): HTMLElement =>
  within(container).getByRole('region', { name: 'Passkeys' });

describe('passkeys in account settings', () => {
  it('recovers from a failed load, lists a passkey and renames it in place', async () => {
    let loads = 0;
    const calls = fakeApi({
      [apiPaths.accountsPasskeys]: () =>
        ++loads === 1 ? json(400, { errors: { '': 'Not now' } }) : json(200, [PHONE]),
      [apiPathTo.accountsPasskey(PHONE.id)]: ({ body }) =>
        json(200, { ...PHONE, ...(body as object) }),
    });
    app = await renderApp('/account-settings');
    const { container } = app;

    await waitFor(() =>
      expect(section(container).textContent).toContain('Your passkeys could not be loaded.'),
    );
    await user.click(within(section(container)).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(section(container).textContent).toContain('not used yet'));
    expect(within(section(container)).getByRole('listitem').textContent).toContain('Phone');
    // jsdom has no WebAuthn: the section says so instead of offering to add one.
    expect(section(container).textContent).toContain('This browser cannot use passkeys.');

    await user.click(within(section(container)).getByRole('button', { name: 'Rename Phone' }));
    const name = within(section(container)).getByLabelText('New name for Phone');
    expect(document.activeElement).toBe(name);
    await user.clear(name);
    await user.type(name, '   ');
    await user.type(name, '{Enter}');
    await waitFor(() => expect(errorOf(name)).not.toBeNull());
    await user.clear(name);
    await user.type(name, 'Tablet');
    await user.type(name, '{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Tablet' }),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(section(container)).getByRole('button', { name: /^Rename / }),
      ),
    );
  });

  it('says so when there is no passkey yet', async () => {
    fakeApi({ [apiPaths.accountsPasskeys]: () => json(200, []) });
    app = await renderApp('/account-settings');

    await waitFor(() =>
      expect(section(app?.container ?? document.body).textContent).toContain(
        'You have no passkeys yet.',
      ),
    );
  });
});
