// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiPaths, adminApiPathTo, type AdminOtherCurrencyReversal } from '@pictura/contract';
import { clearTokens, setTokens } from '../../../lib/session';
import { json } from '../../../test/forms';
import { renderApp, tableRows, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });
import { OtherCurrencyReversals } from './other-currency-reversals';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
});

const waiting: AdminOtherCurrencyReversal = {
  id: 7,
  provider: 'stripe',
  eventId: 'evt_gbp_one',
  receivedAt: '2026-12-01T10:00:00.000Z',
  type: 'dispute',
  disputeStage: 'withdrawn',
  amount: 870,
  currency: 'GBP',
  paymentId: '3c9a7f0e-5b1d-4e2a-9f8c-1d2e3f4a5b6c',
  purpose: 'order',
  orderId: 12,
  paymentAmount: 1_000,
  paymentCurrency: 'EUR',
  customerId: '6f1f7e3a-7d43-4b8e-9a5e-0c1d2e3f4a5b',
  customerEmail: 'ann@example.com',
  settledAt: null,
  settledBy: null,
};
const settled: AdminOtherCurrencyReversal = {
  ...waiting,
  settledAt: '2026-12-02T09:00:00.000Z',
  settledBy: 'owner@example.com',
};

function fakeAdminApi(list: () => Response, settle: () => Response = () => json(200, settled)) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === adminApiPaths.otherCurrencyReversals) return list();
    if (path === adminApiPathTo.otherCurrencyReversalSettle(waiting.id)) return settle();
    return json(404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function open(): Promise<HTMLElement> {
  setTokens({ accessToken: 'admin-access', refreshToken: 'admin-refresh' });
  app = await renderApp('/admin/orders', [
    {
      path: '/admin/orders',
      Component: () => <OtherCurrencyReversals orderHref={(id) => `/o/${id}`} />,
    },
  ]);
  return app.container;
}

describe('disputes and provider refunds in another currency in the back office', () => {
  it('lists one with both amounts, and the button marks it settled', async () => {
    let answered = waiting;
    const fetch = fakeAdminApi(() => json(200, [answered]));
    const container = await open();
    await waitFor(() => expect(tableRows(container)).toHaveLength(1));
    const cells = tableRows(container)[0]!;
    expect(cells.slice(1, 6)).toEqual([
      'Dispute',
      'ann@example.com',
      'Order 12',
      '€10.00',
      '870 GBP',
    ]);
    const table = within(container).getByRole('table');
    const button = within(table).getByRole('button', { name: 'Mark settled' });
    answered = settled;
    await user.click(button);
    await waitFor(() => expect(container.textContent).toContain('by owner@example.com'));
    expect(
      fetch.mock.calls.some(
        ([input, init]) =>
          String(input).endsWith(adminApiPathTo.otherCurrencyReversalSettle(waiting.id)) &&
          init?.method === 'POST',
      ),
    ).toBe(true);
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('formats an amount in a currency the shop sells in', async () => {
    fakeAdminApi(() => json(200, [{ ...waiting, currency: 'USD', amount: 1_150 }]));
    const container = await open();
    await waitFor(() => expect(container.textContent).toContain('$11.50'));
  });

  it('says when there are none, and when the list cannot be loaded', async () => {
    fakeAdminApi(() => json(200, []));
    const empty = await open();
    await waitFor(() =>
      expect(empty.textContent).toContain('No disputes or provider refunds in another currency.'),
    );
    app?.unmount();
    fakeAdminApi(() => json(404));
    const failed = await open();
    await waitFor(() => expect(within(failed).queryAllByRole('alert')).not.toHaveLength(0));
  });
});
