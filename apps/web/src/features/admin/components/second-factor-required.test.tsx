// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import { setTokens } from '../../../lib/session';
import { fakeApi, json } from '../../../test/forms';
import { mainHeading, renderApp, type RenderedApp } from '../../../test/render-app';
import { ADMIN_PROFILE, ADMIN_TWO_STEP, resetSession } from '../../../test/session';

let app: RenderedApp | undefined;
afterEach(async () => {
  app?.unmount();
  app = undefined;
  await resetSession();
});

it('leads an admin without a second factor to the account settings instead of the back office', async () => {
  setTokens({ accessToken: 'admin-token', refreshToken: 'refresh' });
  const calls = fakeApi({
    [apiPaths.accountsProfile]: () => json(200, ADMIN_PROFILE),
    [apiPaths.accountsTwoStep]: () =>
      json(200, { enabled: false, recoveryCodesLeft: 0, secondFactor: false }),
  });
  app = await renderApp('/admin/orders');
  const { container } = app;

  await waitFor(() => expect(mainHeading(container)).toBe('Set up two-step sign-in first'));
  const main = within(container).getByRole('main');
  const link = within(main).getByRole('link', { name: 'Go to account settings' });
  expect(link.getAttribute('href')).toBe('/account-settings#two-step');
  expect(within(container).queryByRole('navigation', { name: 'Back office' })).toBeNull();
  // The back office's own calls, which the server would refuse, are not made.
  expect(calls.filter((call) => call.path.startsWith('/api/admin'))).toEqual([]);
});

it('opens the back office once the admin has a second factor', async () => {
  setTokens({ accessToken: 'admin-token', refreshToken: 'refresh' });
  fakeApi({
    [apiPaths.accountsProfile]: () => json(200, ADMIN_PROFILE),
    [apiPaths.accountsTwoStep]: () => json(200, ADMIN_TWO_STEP),
  });
  app = await renderApp('/admin');
  const { container } = app;
  await waitFor(() => expect(mainHeading(container)).toBe('Back office'));
});
