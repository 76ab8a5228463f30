// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  apiPaths,
  apiPathTo,
  REAUTHENTICATION_MESSAGES,
  type AccountSession,
  type TwoStepStatus,
} from '@pictura/contract';
import { installReauthentication } from '../../features/reauthentication/reauthentication-store';
import { setTokens } from '../../lib/session';
import { fakeApi, json } from '../../test/forms';
import { renderApp, type RenderedApp } from '../../test/render-app';
import { ADMIN_PROFILE, resetSession } from '../../test/session';

const user = userEvent.setup({ delay: null });

// The account settings page composing its features: new recovery codes (two-step) through the real
// "Confirm it is you" dialog (reauthentication), and the offer that follows them (account): log out
// the other devices.

let app: RenderedApp | undefined;
beforeEach(() => setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
afterEach(async () => {
  app?.unmount();
  app = undefined;
  await resetSession();
});

const OLD_CODES = 7;
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `NEWCD-FGH${i}K`);
const session = (id: string, current: boolean): AccountSession => ({
  id,
  browser: 'Firefox',
  os: 'Windows',
  signedInAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: '2026-12-07T10:00:00.000Z',
  current,
});

it('asks who it is, shows the new codes once, then offers to log out the other devices', async () => {
  installReauthentication();
  let proved = false;
  let sessions = [
    session('0b8e2f5c-3c44-4d3f-8a8e-6b0c5f0e9e02', true),
    session('6f1c1a52-7d1e-4a8e-9a53-0c2b7e1d2a01', false),
  ];
  const status = (): TwoStepStatus => ({
    enabled: true,
    recoveryCodesLeft: proved ? NEW_CODES.length : OLD_CODES,
    secondFactor: true,
    sessionMultiFactor: true,
  });
  const calls = fakeApi({
    [apiPaths.accountsProfile]: () => json(200, { ...ADMIN_PROFILE, isAdmin: false }),
    [apiPaths.accountsSessions]: () => json(200, sessions),
    [apiPaths.accountsEvents]: () =>
      json(
        200,
        proved
          ? [
              {
                id: 'c3d2e1f0-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
                kind: 'recoveryCodesRenewed',
                at: '2026-12-07T10:01:00.000Z',
                browser: 'Firefox',
                os: 'Windows',
                ipRange: '203.0.113.0/24',
              },
            ]
          : [],
      ),
    [apiPaths.accountsPasskeys]: () => json(200, []),
    [apiPaths.accountsTwoStep]: () => json(200, status()),
    [apiPaths.accountsReauthenticate]: (call) => {
      if ((call.body as { password?: string }).password !== 'right password') {
        return json(400, { errors: { password: 'The password is not correct.' } });
      }
      proved = true;
      return json(200, { until: '2026-12-07T10:10:00.000Z' });
    },
    [apiPathTo.accountsTwoStepRecoveryCodes()]: () =>
      proved
        ? json(200, { recoveryCodes: NEW_CODES })
        : json(400, { errors: { reauthenticate: REAUTHENTICATION_MESSAGES.required } }),
    [apiPathTo.accountsEndOtherSessions()]: () => {
      sessions = sessions.filter((s) => s.current);
      return json(200, {});
    },
  });
  app = await renderApp('/account-settings');
  const section = () => within(app!.container).getByRole('region', { name: 'Two-step sign-in' });
  const codes = () =>
    within(section())
      .queryAllByRole('list', { name: 'Recovery codes' })
      .flatMap((list) => within(list).getAllByRole('listitem'));

  await waitFor(() => expect(section().textContent).toContain(`${OLD_CODES} recovery codes left.`));
  await user.click(within(section()).getByRole('button', { name: 'Make new recovery codes' }));

  // The server wants a fresh proof: the dialog opens, and the codes wait for it.
  const dialog = () => screen.queryByRole('dialog', { name: 'Confirm it is you' });
  await waitFor(() => expect(dialog()?.textContent).toContain('Confirm it is you'));
  expect(codes()).toHaveLength(0);
  await user.clear(within(dialog()!).getByLabelText('Password'));
  await user.type(within(dialog()!).getByLabelText('Password'), 'right password');
  await user.click(within(dialog()!).getByRole('button', { name: 'Confirm' }));

  // Proved: the dialog closes and the same call goes again, so the person carries on.
  await waitFor(() => expect(codes()).toHaveLength(10));
  expect(dialog()).toBeNull();
  expect(section().textContent).toContain(
    'New recovery codes are ready: the earlier ones no longer work.',
  );
  expect(codes().map((code) => code.textContent)).toEqual(NEW_CODES);
  const renewals = calls.filter((c) => c.path === apiPathTo.accountsTwoStepRecoveryCodes());
  expect(renewals).toHaveLength(2);
  // The activity list further down reads the change.
  await waitFor(() =>
    expect(
      within(app!.container).getByRole('list', { name: 'Account activity, newest first' })
        .textContent,
    ).toContain('New recovery codes made'),
  );

  // Whoever else is signed in would outlive the change: the section offers to log them out.
  await waitFor(() => expect(section().textContent).toContain('End your other sessions?'));
  await user.click(within(section()).getByRole('button', { name: 'Log out all other devices' }));
  await waitFor(() => expect(section().textContent).toContain('All other devices are logged out.'));
  expect(calls.filter((c) => c.path === apiPathTo.accountsEndOtherSessions())).toHaveLength(1);

  await user.click(within(section()).getByRole('button', { name: 'I have saved them' }));
  await waitFor(() => expect(section().textContent).toContain('10 recovery codes left.'));
});

it('offers nothing when no other device is signed in, and "Not now" puts the offer away', async () => {
  let sessions = [session('0b8e2f5c-3c44-4d3f-8a8e-6b0c5f0e9e02', true)];
  fakeApi({
    [apiPaths.accountsProfile]: () => json(200, { ...ADMIN_PROFILE, isAdmin: false }),
    [apiPaths.accountsSessions]: () => json(200, sessions),
    [apiPaths.accountsEvents]: () => json(200, []),
    [apiPaths.accountsPasskeys]: () => json(200, []),
    [apiPaths.accountsTwoStep]: () =>
      json(200, {
        enabled: true,
        recoveryCodesLeft: 3,
        secondFactor: true,
        sessionMultiFactor: true,
      }),
    [apiPathTo.accountsTwoStepRecoveryCodes()]: () => json(200, { recoveryCodes: NEW_CODES }),
  });
  app = await renderApp('/account-settings');
  const section = () => within(app!.container).getByRole('region', { name: 'Two-step sign-in' });
  const codes = () =>
    within(section())
      .queryAllByRole('list', { name: 'Recovery codes' })
      .flatMap((list) => within(list).getAllByRole('listitem'));
  await waitFor(() => expect(section().textContent).toContain('3 recovery codes left.'));
  await user.click(within(section()).getByRole('button', { name: 'Make new recovery codes' }));
  await waitFor(() => expect(codes()).toHaveLength(10));
  expect(section().textContent).not.toContain('End your other sessions?');

  // Another device signs in meanwhile; making codes again offers to log it out, until "Not now".
  sessions = [...sessions, session('6f1c1a52-7d1e-4a8e-9a53-0c2b7e1d2a01', false)];
  await user.click(within(section()).getByRole('button', { name: 'I have saved them' }));
  await waitFor(() =>
    expect(within(section()).getByRole('button', { name: 'Make new recovery codes' })).toBeTruthy(),
  );
  await user.click(within(section()).getByRole('button', { name: 'Make new recovery codes' }));
  await waitFor(() => expect(section().textContent).toContain('End your other sessions?'));
  await user.click(within(section()).getByRole('button', { name: 'Not now' }));
  expect(section().textContent).not.toContain('End your other sessions?');
});

it('offers to log out the other devices after a passkey is removed, and after an email change', async () => {
  const phone = {
    id: '6f1c2b8e-4a3d-4f5e-9b7a-1c2d3e4f5a6b',
    name: 'Phone',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
  };
  let passkeys = [phone];
  const calls = fakeApi({
    [apiPaths.accountsProfile]: () => json(200, { ...ADMIN_PROFILE, isAdmin: false }),
    [apiPaths.accountsSessions]: () =>
      json(200, [
        session('0b8e2f5c-3c44-4d3f-8a8e-6b0c5f0e9e02', true),
        session('6f1c1a52-7d1e-4a8e-9a53-0c2b7e1d2a01', false),
      ]),
    [apiPaths.accountsEvents]: () => json(200, []),
    [apiPaths.accountsPasskeys]: () => json(200, passkeys),
    [apiPathTo.accountsPasskey(phone.id)]: () => {
      passkeys = [];
      return json(200, {});
    },
    [apiPaths.accountsChangeEmail]: () =>
      json(200, { ...ADMIN_PROFILE, isAdmin: false, pendingEmail: 'new@example.com' }),
    [apiPaths.accountsTwoStep]: () =>
      json(200, {
        enabled: false,
        recoveryCodesLeft: 0,
        secondFactor: false,
        sessionMultiFactor: false,
      }),
    [apiPathTo.accountsEndOtherSessions()]: () => json(200, {}),
  });
  app = await renderApp('/account-settings');
  // A section or a form, named by its heading.
  const region = (name: string) =>
    within(app!.container).queryByRole('region', { name }) ??
    within(app!.container).getByRole('form', { name });

  await waitFor(() => expect(region('Passkeys').textContent).toContain('Phone'));
  expect(region('Passkeys').textContent).not.toContain('End your other sessions?');
  await user.click(within(region('Passkeys')).getByRole('button', { name: 'Remove Phone' }));
  await user.click(within(region('Passkeys')).getByRole('button', { name: 'Yes, remove it' }));
  await waitFor(() => expect(region('Passkeys').textContent).toContain('End your other sessions?'));
  await user.click(
    within(region('Passkeys')).getByRole('button', { name: 'Log out all other devices' }),
  );
  await waitFor(() =>
    expect(region('Passkeys').textContent).toContain('All other devices are logged out.'),
  );

  const email = region('Email address');
  await user.clear(within(email).getByLabelText('New email address'));
  await user.type(within(email).getByLabelText('New email address'), 'new@example.com');
  await user.clear(within(email).getByLabelText('Your password'));
  await user.type(within(email).getByLabelText('Your password'), 'right password');
  await user.click(within(email).getByRole('button', { name: 'Change email address' }));
  await waitFor(() =>
    expect(region('Email address').textContent).toContain('End your other sessions?'),
  );
  expect(calls.filter((c) => c.path === apiPathTo.accountsEndOtherSessions())).toHaveLength(1);
});
