// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiPaths, type AdminPaymentReversal } from '@pictura/contract';
import { clearTokens, setTokens } from '../../../lib/session';
import { json } from '../../../test/forms';
import { linkTargets, renderApp, tableRows, type RenderedApp } from '../../../test/render-app';
import { PaymentReversals } from './payment-reversals';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
});

const dispute: AdminPaymentReversal = {
  id: 1,
  kind: 'dispute',
  provider: 'stripe',
  eventId: 'evt_dispute_one',
  receivedAt: '2025-03-01T10:00:00.000Z',
  paymentId: '3c9a7f0e-5b1d-4e2a-9f8c-1d2e3f4a5b6c',
  purpose: 'deposit',
  paymentStatus: 'disputed',
  orderId: null,
  customerId: '6f1f7e3a-7d43-4b8e-9a5e-0c1d2e3f4a5b',
  customerEmail: 'ann@example.com',
  currency: 'EUR',
  amount: 2_000,
  takenFromBalance: 1_500,
  debt: 500,
  withdrawnArtworks: 0,
  givenBack: 0,
  debtCancelled: 0,
  restoredArtworks: 0,
};
const refund: AdminPaymentReversal = {
  ...dispute,
  id: 2,
  kind: 'refund',
  eventId: 'evt_refund_one',
  purpose: 'order',
  orderId: 12,
  paymentStatus: 'refunded',
  customerEmail: 'bob@example.com',
  takenFromBalance: 0,
  debt: 0,
  withdrawnArtworks: 2,
};
const won: AdminPaymentReversal = {
  ...dispute,
  id: 3,
  kind: 'reinstatement',
  eventId: 'evt_won_one',
  paymentStatus: 'succeeded',
  takenFromBalance: 0,
  debt: 0,
  givenBack: 1_500,
  debtCancelled: 500,
};

function fakeAdminApi(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return path === adminApiPaths.paymentReversals ? answer() : json(404);
    }),
  );
}

async function open(): Promise<HTMLElement> {
  setTokens({ accessToken: 'admin-access', refreshToken: 'admin-refresh' });
  app = await renderApp('/admin/orders', [
    { path: '/admin/orders', Component: () => <PaymentReversals orderHref={(id) => `/o/${id}`} /> },
  ]);
  return app.container;
}

describe('disputes and provider refunds in the back office', () => {
  it('lists each with the customer, the amount and what was taken back', async () => {
    fakeAdminApi(() => json(200, [dispute, refund, won]));
    const container = await open();
    await waitFor(() => expect(tableRows(container)).toHaveLength(3));
    const rows = tableRows(container);
    expect(rows[0]?.slice(1)).toEqual([
      'Dispute',
      'ann@example.com',
      'Deposit',
      '€20.00',
      '€15.00 from the balance€5.00 owed by the customer',
    ]);
    expect(rows[1]?.slice(1)).toEqual([
      'Refund at the provider',
      'bob@example.com',
      'Order 12',
      '€20.00',
      '2 downloads withdrawn',
    ]);
    expect(rows[2]?.slice(1)).toEqual([
      'Dispute won: given back',
      'ann@example.com',
      'Deposit',
      '€20.00',
      '€15.00 given back to balances · €5.00 of debt cancelled',
    ]);
    expect(linkTargets(container)).toContain('/o/12');
  });

  it('says when there are none, and when the list cannot be loaded', async () => {
    fakeAdminApi(() => json(200, []));
    const empty = await open();
    await waitFor(() => expect(empty.textContent).toContain('No disputes or provider refunds.'));
    app?.unmount();

    // A 4xx: a 5xx would be retried first (app/providers.tsx).
    fakeAdminApi(() => json(404));
    const failed = await open();
    await waitFor(() =>
      expect(within(failed).queryAllByRole('alert')[0]?.textContent).toBe(
        'An unexpected server error occurred.',
      ),
    );
  });
});
