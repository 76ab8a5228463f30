// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiPaths, type AccountEvent } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { setTokens } from '../../../lib/session';
import { fakeApi, json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';
import { ADMIN_PROFILE, resetSession } from '../../../test/session';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
beforeEach(() => setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
afterEach(async () => {
  app?.unmount();
  app = undefined;
  await resetSession();
  await act(() => i18n.changeLanguage('en'));
});

const FAILED: AccountEvent = {
  id: '0b8e2f5c-3c44-4d3f-8a8e-6b0c5f0e9e02',
  kind: 'signInFailed',
  at: '2026-12-06T21:15:00.000Z',
  browser: 'Firefox',
  os: 'Windows',
  ipRange: '203.0.113.0/24',
};
const ON: AccountEvent = {
  id: '6f1c1a52-7d1e-4a8e-9a53-0c2b7e1d2a01',
  kind: 'twoStepOn',
  at: '2026-12-05T08:00:00.000Z',
  browser: null,
  os: null,
  ipRange: null,
};

async function openWith(events: () => Response | Promise<Response>) {
  fakeApi({
    [apiPaths.accountsProfile]: () => json(200, { ...ADMIN_PROFILE, isAdmin: false }),
    [apiPaths.accountsSessions]: () => json(200, []),
    [apiPaths.accountsPasskeys]: () => json(200, []),
    [apiPaths.accountsEvents]: events,
  });
  app = await renderApp('/account-settings');
  return () =>
    within(app!.container).getByRole('region', {
      name: /account activity|actividad reciente|アクティビティ/i,
    });
}

it('lists what happened, newest first, with time, device and network, after a failed load and a retry', async () => {
  let loads = 0;
  const section = await openWith(() =>
    ++loads === 1 ? json(400, { errors: { '': 'Not now' } }) : json(200, [FAILED, ON]),
  );
  await waitFor(() =>
    expect(section().textContent).toContain('Your account activity could not be loaded.'),
  );
  await user.click(within(section()).getByRole('button', { name: 'Try again' }));
  const list = () =>
    within(section()).getByRole('list', { name: 'Account activity, newest first' });
  await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
  const [first, second] = within(list())
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(first).toContain('Failed sign-in (wrong password or passkey)');
  expect(first).toContain('Firefox on Windows');
  expect(first).toContain('network 203.0.113.0/24');
  expect(second).toContain('Two-step sign-in turned on');
  expect(second).toContain('Unknown device');
  expect(second).toContain('network unknown');
});

it('says so when nothing happened, in the reader’s language', async () => {
  const section = await openWith(() => json(200, []));
  await act(() => i18n.changeLanguage('es'));
  await waitFor(() =>
    expect(section().textContent).toContain(
      'No ha pasado nada en tu cuenta en los últimos 30 días.',
    ),
  );
  expect(within(section()).queryByRole('list')).toBeNull();
});

it('says it is loading until the events come', async () => {
  let answer: (response: Response) => void = () => undefined;
  const pending = new Promise<Response>((resolve) => (answer = resolve));
  const section = await openWith(() => pending);
  expect(section().getAttribute('aria-busy')).toBe('true');
  expect(section().textContent).toContain('Loading your account activity…');
  answer(json(200, [ON]));
  await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(1));
  expect(section().getAttribute('aria-busy')).toBe('false');
});
