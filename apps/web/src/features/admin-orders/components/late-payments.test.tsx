// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiPaths, adminApiPathTo, type AdminLatePayment } from '@pictura/contract';
import { clearTokens, setTokens } from '../../../lib/session';
import { json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';
import { LatePayments } from './late-payments';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
});

const mismatch: AdminLatePayment = {
  eventId: 'evt_mismatch_one',
  outcome: 'mismatch',
  provider: 'stripe',
  receivedAt: '2025-03-01T10:00:00.000Z',
  amount: 2_500,
  currency: 'EUR',
  paymentId: '3c9a7f0e-5b1d-4e2a-9f8c-1d2e3f4a5b6c',
  purpose: 'deposit',
  paymentStatus: 'pending',
  orderId: null,
  customerId: '6f1f7e3a-7d43-4b8e-9a5e-0c1d2e3f4a5b',
  customerEmail: 'ann@example.com',
  refundedAt: null,
  providerRefundId: null,
};

/** The list and the refund endpoint, the refund answering `answer` (a 200 marks the row refunded). */
function fakeAdminApi(answer: () => Response, listed: AdminLatePayment = mismatch) {
  let row = listed;
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === adminApiPaths.latePayments) return json(200, [row]);
      if (init.method === 'POST' && path === adminApiPathTo.paymentEventRefund(row.eventId)) {
        posts.push(path);
        const response = answer();
        if (response.status === 200) {
          row = { ...row, refundedAt: '2025-03-02T09:00:00.000Z', providerRefundId: 're_1' };
        }
        return response;
      }
      return json(404);
    }),
  );
  return posts;
}

async function openList(): Promise<HTMLElement> {
  setTokens({ accessToken: 'admin-access', refreshToken: 'admin-refresh' });
  app = await renderApp('/admin/orders', [
    { path: '/admin/orders', Component: () => <LatePayments orderHref={(id) => `/o/${id}`} /> },
  ]);
  const { container } = app;
  await waitFor(() => expect(container.textContent).toContain('ann@example.com'));
  return container;
}

describe('captured payments that did not become a sale', () => {
  it('shows what each is and refunds it in one click, then its refund date', async () => {
    const posts = fakeAdminApi(() =>
      json(200, {
        eventId: mismatch.eventId,
        amount: 2_500,
        currency: 'EUR',
        providerRefundId: 're_1',
        refundedAt: '2025-03-02T09:00:00.000Z',
      }),
    );
    const container = await openList();
    expect(container.textContent).toContain('Amount or currency mismatch');
    expect(container.textContent).toContain('€25.00');

    await user.click(within(container).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(container.textContent).toContain('Refunded on'));
    expect(posts).toEqual([adminApiPathTo.paymentEventRefund(mismatch.eventId)]);
    expect(within(container).queryAllByRole('button')).toEqual([]);
  });

  it("shows a failure (the spec's wording for a non-400 answer) and keeps the button", async () => {
    fakeAdminApi(() =>
      json(503, {
        errors: {
          '': 'The payment provider did not refund it. Nothing changed; please try again.',
        },
      }),
    );
    const container = await openList();

    await user.click(within(container).getByRole('button', { name: 'Refund' }));

    await waitFor(() =>
      expect(within(container).queryAllByRole('alert')[0]?.textContent).toBe(
        'An unexpected server error occurred.',
      ),
    );
    expect(within(container).getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('keeps the refund button disabled, and says why, for a payment the bank disputed', async () => {
    const posts = fakeAdminApi(() => json(500), { ...mismatch, paymentStatus: 'disputed' });
    const container = await openList();

    const refund = within(container).getByRole('button', { name: 'Refund' }) as HTMLButtonElement;
    expect(refund.disabled).toBe(true);
    expect(container.textContent).toContain('Disputed: the bank took the money back');
    await user.click(refund);
    expect(posts).toEqual([]);
  });
});
