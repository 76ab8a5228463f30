// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, TWO_STEP_MESSAGES } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { clearTokens, getTokens, isSignedIn } from '../../../lib/session';
import { errorOf, fakeApi, json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;

afterEach(async () => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' };

describe('log in with two-step sign-in', () => {
  it('shows the code field when the server asks for it, and sends the code with the password', async () => {
    const calls = fakeApi({
      [apiPaths.accountsLogin]: (call) => {
        const { code } = call.body as { code?: string };
        if (code === undefined)
          return json(400, { errors: { code: TWO_STEP_MESSAGES.codeRequired } });
        if (code !== '123456') return json(400, { errors: { code: TWO_STEP_MESSAGES.codeWrong } });
        return json(200, TOKENS);
      },
    });
    app = await renderApp('/login');
    const { container } = app;
    expect(() => within(container).getByLabelText('Code from the app')).toThrow();
    await user.clear(within(container).getByLabelText('Email'));
    await user.type(within(container).getByLabelText('Email'), 'ada@example.com');
    await user.clear(within(container).getByLabelText('Password'));
    await user.type(within(container).getByLabelText('Password'), 'correct horse');
    await user.click(within(container).getByRole('button', { name: 'Log in' }));

    // The first ask is no error: the field appears, explained, with the focus in it.
    await waitFor(() => within(container).getByLabelText('Code from the app'));
    const code = within(container).getByLabelText('Code from the app');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(within(container).queryByRole('alert')).toBeNull();
    expect(container.textContent).toContain('Two-step sign-in is on for this account.');
    expect(isSignedIn()).toBe(false);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(container).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(errorOf(code)).toBe(TWO_STEP_MESSAGES.codeWrong));
    await act(() => i18n.changeLanguage('ja'));
    expect(errorOf(within(container).getByLabelText('アプリのコード'))).toBe(
      'このコードは正しくありません。',
    );

    await user.clear(within(container).getByLabelText('アプリのコード'));
    await user.type(within(container).getByLabelText('アプリのコード'), '123456');
    await user.click(within(container).getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(getTokens()).toEqual(TOKENS));
    expect(
      calls.filter((call) => call.path === apiPaths.accountsLogin).map((call) => call.body),
    ).toEqual([
      { email: 'ada@example.com', password: 'correct horse' },
      { email: 'ada@example.com', password: 'correct horse', code: '654321' },
      { email: 'ada@example.com', password: 'correct horse', code: '123456' },
    ]);
  });
});
