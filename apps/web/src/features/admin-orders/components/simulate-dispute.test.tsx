// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiPathTo, type AdminPayment } from '@pictura/contract';
import { clearTokens, setTokens } from '../../../lib/session';
import { json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';
import { SimulateDispute } from './simulate-dispute';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
});

const payment: AdminPayment = {
  id: '3c9a7f0e-5b1d-4e2a-9f8c-1d2e3f4a5b6c',
  purpose: 'order',
  provider: 'sandbox',
  status: 'succeeded',
  amount: 5_000,
  currency: 'EUR',
  createdAt: '2026-12-07T07:00:00.000Z',
  expiresAt: '2026-12-07T07:30:00.000Z',
  settledAt: '2026-12-07T07:01:00.000Z',
  events: [],
};

describe('simulating a dispute in a test shop', () => {
  it('sends the chosen stage and amount in minor units, and says what the webhook did', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path !== adminApiPathTo.paymentSimulateDispute(payment.id)) return json(404);
        sent.push(JSON.parse(String(init?.body)));
        return json(200, { eventId: 'evt_simulated_1', outcome: 'applied' });
      }),
    );
    setTokens({ accessToken: 'admin-access', refreshToken: 'admin-refresh' });
    app = await renderApp('/admin/orders/1', [
      { path: '/admin/orders/1', Component: () => <SimulateDispute payment={payment} /> },
    ]);
    const form = app.container;
    expect((within(form).getByLabelText('Amount (EUR)') as HTMLInputElement).value).toBe('50.00');
    await user.selectOptions(within(form).getByLabelText('Stage') as HTMLSelectElement, 'inquiry');
    await user.clear(within(form).getByLabelText('Amount (EUR)'));
    await user.type(within(form).getByLabelText('Amount (EUR)'), '12.34');
    await user.click(within(form).getByRole('button', { name: 'Send the dispute event' }));
    await waitFor(() =>
      expect(within(form).queryAllByRole('status')[0]?.textContent).toBe(
        'Event evt_simulated_1 sent: applied.',
      ),
    );
    expect(sent).toEqual([{ stage: 'inquiry', amount: 1_234 }]);
  });
});
