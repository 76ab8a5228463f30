// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiPathTo, type AdminOrderDetail } from '@pictura/contract';
import AdminOrderPage from '../../../app/routes/admin/order';
import { clearTokens, setTokens } from '../../../lib/session';
import { json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
});

const paidOrder: AdminOrderDetail = {
  id: 42,
  createdAt: '2025-03-01T10:00:00.000Z',
  paidAt: '2025-03-01T10:05:00.000Z',
  status: 'paid',
  currency: 'EUR',
  total: 500,
  paidByBalance: 200,
  paidByPayment: 300,
  balanceGivenBack: 0,
  refundedAt: null,
  refundedAmount: 0,
  customerId: '6f1f7e3a-7d43-4b8e-9a5e-0c1d2e3f4a5b',
  customerEmail: 'ann@example.com',
  items: [
    {
      offerId: 1,
      offerAttributeId: 7,
      urlName: 'red-fox',
      title: 'Red Fox',
      kind: 'standard',
      price: { amount: 500, currency: 'EUR' },
    },
  ],
  giftCard: null,
  billing: {
    firstName: 'Ann',
    lastName: 'Lee',
    country: 'ES',
    city: 'Madrid',
    address1: 'Calle Mayor 1',
    state: null,
    zipCode: '28013',
  },
  payments: [],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string | null;
}

/** The admin API as far as this page uses it: the order, and its refund answering `refund`. */
function fakeAdminApi(refund: (refundedElsewhere: () => void) => Response) {
  let order = paidOrder;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const headers = new Headers(init.headers);
      calls.push({
        method: init.method ?? 'GET',
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        idempotencyKey: headers.get('Idempotency-Key'),
      });
      if (path === adminApiPathTo.order(42)) return json(200, order);
      if (path === adminApiPathTo.orderRefund(42)) {
        const markRefunded = () => {
          order = {
            ...order,
            status: 'refunded',
            refundedAmount: 500,
            refundedAt: '2025-03-02T09:00:00.000Z',
          };
        };
        const answer = refund(markRefunded);
        if (answer.status === 200) markRefunded();
        return answer;
      }
      return json(404);
    }),
  );
  return calls;
}

async function openOrder(): Promise<HTMLElement> {
  setTokens({ accessToken: 'admin-access', refreshToken: 'admin-refresh' });
  app = await renderApp('/admin/orders/42', [
    { path: '/admin/orders/:orderId', Component: AdminOrderPage },
  ]);
  const { container } = app;
  await waitFor(() => expect(container.textContent).toContain('ann@example.com'));
  return container;
}

const refunds = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('refunding an order in the back office', () => {
  it('asks for confirmation first; cancelling sends nothing', async () => {
    const calls = fakeAdminApi(() => json(500));
    const container = await openOrder();

    await user.click(within(container).getByRole('button', { name: 'Refund to balance' }));

    expect(container.textContent).toContain(
      'Refund order 42: €5.00 to the balance of ann@example.com? This cannot be undone.',
    );
    await user.click(within(container).getByRole('button', { name: 'Cancel' }));
    expect(container.textContent).not.toContain('This cannot be undone.');
    expect(refunds(calls)).toEqual([]);
  });

  it('sends the refund with the reason and an Idempotency-Key, then shows the new balance', async () => {
    const calls = fakeAdminApi(() =>
      json(200, {
        orderId: 42,
        status: 'refunded',
        currency: 'EUR',
        refundedAmount: 500,
        balanceAfter: 700,
        giftCard: 'none',
        revokedArtworks: 1,
      }),
    );
    const container = await openOrder();

    await user.click(within(container).getByRole('button', { name: 'Refund to balance' }));
    await user.clear(within(container).getByRole('textbox'));
    await user.type(within(container).getByRole('textbox'), 'Wrong picture');
    await user.click(within(container).getByRole('button', { name: 'Yes, refund' }));

    await waitFor(() =>
      expect(within(container).queryAllByRole('status')[0]?.textContent).toBe(
        'Refunded €5.00. The buyer’s balance is now €7.00.',
      ),
    );
    expect(refunds(calls)).toEqual([
      {
        method: 'POST',
        path: adminApiPathTo.orderRefund(42),
        body: { reason: 'Wrong picture' },
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    await waitFor(() => expect(container.textContent).toContain('Refunded to the balance'));
    expect(within(container).queryByRole('button', { name: 'Refund to balance' })).toBeNull();
  });

  it('says the order was refunded already when another refund won (409)', async () => {
    fakeAdminApi((refundedElsewhere) => {
      refundedElsewhere();
      return json(409, { errors: { '': 'This order has already been refunded.' } });
    });
    const container = await openOrder();

    await user.click(within(container).getByRole('button', { name: 'Refund to balance' }));
    await user.click(within(container).getByRole('button', { name: 'Yes, refund' }));

    await waitFor(() =>
      expect(within(container).queryAllByRole('alert')[0]?.textContent).toBe(
        'This order has already been refunded.',
      ),
    );
    await waitFor(() => expect(container.textContent).toContain('Refunded to the balance'));
  });
});
