// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths, apiPathTo, type TwoStepStatus } from '@pictura/contract';
import { setTokens } from '../../../lib/session';
import { errorOf, fakeApi, json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';
import { ADMIN_PROFILE, resetSession } from '../../../test/session';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
beforeEach(() => setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
afterEach(async () => {
  app?.unmount();
  app = undefined;
  await resetSession();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${i}K`);

it('sets up two-step sign-in with the key and a code, shows the recovery codes once, and turns it off', async () => {
  let status: TwoStepStatus = {
    enabled: false,
    recoveryCodesLeft: 0,
    secondFactor: false,
    sessionMultiFactor: false,
  };
  const calls = fakeApi({
    [apiPaths.accountsProfile]: () => json(200, { ...ADMIN_PROFILE, isAdmin: false }),
    [apiPaths.accountsSessions]: () => json(200, []),
    [apiPaths.accountsTwoStep]: () => json(200, status),
    [apiPathTo.accountsTwoStepSetup()]: () =>
      json(200, {
        secret: SECRET,
        otpauthUri: `otpauth://totp/Pictura:ada?secret=${SECRET}&issuer=Pictura`,
        qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
    [apiPathTo.accountsTwoStepConfirm()]: () => {
      status = {
        enabled: true,
        recoveryCodesLeft: 10,
        secondFactor: true,
        sessionMultiFactor: true,
      };
      return json(200, { recoveryCodes: CODES });
    },
    [apiPathTo.accountsTwoStepDisable()]: (call) => {
      if ((call.body as { password: string }).password !== 'right password') {
        return json(400, { errors: { password: ACCOUNT_MESSAGES.currentPasswordWrong } });
      }
      status = {
        enabled: false,
        recoveryCodesLeft: 0,
        secondFactor: false,
        sessionMultiFactor: false,
      };
      return json(200, {});
    },
  });
  app = await renderApp('/account-settings');
  const { container } = app;
  const section = () => within(container).getByRole('region', { name: 'Two-step sign-in' });
  const recoveryCodes = () => within(section()).queryByRole('list', { name: 'Recovery codes' });

  await waitFor(() => expect(section().textContent).toContain('Two-step sign-in is off.'));
  await user.click(within(section()).getByRole('button', { name: 'Set up two-step sign-in' }));
  await waitFor(() =>
    expect(within(section()).getByLabelText('Key for manual entry').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    ),
  );
  expect(document.activeElement?.textContent).toBe('Add Pictura to your authenticator app');
  const qr = within(section()).getByRole('img', { name: 'QR code for your authenticator app' });
  expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);

  await user.clear(within(section()).getByLabelText('Code from the app'));
  await user.type(within(section()).getByLabelText('Code from the app'), '123456');
  await user.click(within(section()).getByRole('button', { name: 'Turn on two-step sign-in' }));
  await waitFor(() => expect(within(recoveryCodes()!).getAllByRole('listitem')).toHaveLength(10));
  expect(document.activeElement?.textContent).toBe('Save your recovery codes');
  expect(calls.find((call) => call.path === apiPathTo.accountsTwoStepConfirm())?.body).toEqual({
    code: '123456',
  });

  await user.click(within(section()).getByRole('button', { name: 'I have saved them' }));
  await waitFor(() => expect(section().textContent).toContain('Two-step sign-in is on.'));
  expect(section().textContent).toContain('10 recovery codes left.');
  expect(recoveryCodes()).toBeNull();

  await user.clear(within(section()).getByLabelText('Password'));
  await user.type(within(section()).getByLabelText('Password'), 'wrong password');
  await user.clear(within(section()).getByLabelText('Code from the app or a recovery code'));
  await user.type(
    within(section()).getByLabelText('Code from the app or a recovery code'),
    '654321',
  );
  await user.click(within(section()).getByRole('button', { name: 'Turn off two-step sign-in' }));
  await waitFor(() =>
    expect(errorOf(within(section()).getByLabelText('Password'))).toBe(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    ),
  );
  await user.clear(within(section()).getByLabelText('Password'));
  await user.type(within(section()).getByLabelText('Password'), 'right password');
  await user.click(within(section()).getByRole('button', { name: 'Turn off two-step sign-in' }));
  await waitFor(() => expect(section().textContent).toContain('Two-step sign-in is off.'));
});
