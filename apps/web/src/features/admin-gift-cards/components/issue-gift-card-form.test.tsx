// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiPaths, type AdminGiftCardList } from '@pictura/contract';
import AdminGiftCardsPage from '../../../app/routes/admin/gift-cards';
import { clearTokens, setTokens } from '../../../lib/session';
import { errorOf, fakeApi, json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
});

const CODE = 'ABCD-EFGH-JKLM-NPQR-STUV';
const emptyList: AdminGiftCardList = { cards: [], nextBefore: null };
const listed: AdminGiftCardList = {
  cards: [
    {
      id: 9,
      createdAt: '2025-03-02T09:00:00.000Z',
      amount: 2_500,
      currency: 'EUR',
      source: 'manual',
      orderId: null,
      issuedByEmail: 'admin@example.com',
      recipientEmail: 'friend@example.com',
      reason: 'Late delivery',
      codeHint: 'STUV',
      redeemedAt: null,
      redeemedByEmail: null,
      voidedAt: null,
    },
  ],
  nextBefore: null,
};

async function openPage(): Promise<HTMLElement> {
  setTokens({ accessToken: 'admin-access', refreshToken: 'admin-refresh' });
  app = await renderApp('/admin/gift-cards', [
    { path: '/admin/gift-cards', Component: AdminGiftCardsPage },
  ]);
  return app.container;
}

const issueForm = (container: HTMLElement) =>
  within(container).queryByRole('form', { name: 'Issue a gift card' });
const issue = (container: HTMLElement) =>
  user.click(within(issueForm(container)!).getByRole('button', { name: 'Issue gift card' }));

describe('issuing a gift card in the back office', () => {
  it('checks the amount and the reason before sending anything', async () => {
    const calls = fakeApi({ [adminApiPaths.giftCards]: () => json(200, emptyList) });
    const container = await openPage();

    await user.clear(within(container).getByLabelText('Amount'));
    await user.type(within(container).getByLabelText('Amount'), '1');
    await issue(container);

    await waitFor(() =>
      expect(errorOf(within(container).getByLabelText('Amount'))).toBe(
        'Enter an amount between €5.00 and €500.00.',
      ),
    );
    expect(errorOf(within(container).getByLabelText('Reason'))).toBe('This field is required.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the card in minor units, shows the code once with a copy button, then the list', async () => {
    let issued = false;
    const calls = fakeApi({
      [adminApiPaths.giftCards]: (call) => {
        if (call.method === 'POST') {
          issued = true;
          return json(200, {
            id: 9,
            code: CODE,
            codeHint: 'STUV',
            amount: 2_500,
            currency: 'EUR',
            mailedTo: 'friend@example.com',
          });
        }
        return json(200, issued ? listed : emptyList);
      },
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const container = await openPage();
    await waitFor(() =>
      expect(container.textContent).toContain('No gift card has been issued yet.'),
    );

    await user.clear(within(container).getByLabelText('Amount'));
    await user.type(within(container).getByLabelText('Amount'), '25');
    await user.clear(within(container).getByLabelText('Reason'));
    await user.type(within(container).getByLabelText('Reason'), 'Late delivery');
    await user.clear(within(container).getByLabelText('Recipient email (optional)'));
    await user.type(
      within(container).getByLabelText('Recipient email (optional)'),
      'friend@example.com',
    );
    await issue(container);

    await waitFor(() => expect(container.textContent).toContain(CODE));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        amount: 2_500,
        currency: 'EUR',
        recipientEmail: 'friend@example.com',
        message: '',
        locale: 'en',
        reason: 'Late delivery',
      },
    ]);
    expect(container.textContent).toContain('Copy the code now: it is never shown again.');
    expect(container.textContent).toContain('It was also mailed to friend@example.com.');
    await user.click(within(container).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith(CODE);
    await waitFor(() => expect(container.textContent).toContain('Copied'));
    await waitFor(() => expect(container.textContent).toContain('…STUV'));

    await user.click(within(container).getByRole('button', { name: 'Done' }));
    expect(container.textContent).not.toContain(CODE);
    expect(issueForm(container)).not.toBeNull();
  });
});
