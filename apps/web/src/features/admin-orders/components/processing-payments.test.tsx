// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiPaths, type AdminProcessingPayment } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { clearTokens, setTokens } from '../../../lib/session';
import { json } from '../../../test/forms';
import { linkTargets, renderApp, type RenderedApp } from '../../../test/render-app';
import { ProcessingPayments } from './processing-payments';

let app: RenderedApp | undefined;
afterEach(async () => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const stuck: AdminProcessingPayment = {
  paymentId: '3c9a7f0e-5b1d-4e2a-9f8c-1d2e3f4a5b6c',
  provider: 'stripe',
  purpose: 'order',
  orderId: 42,
  customerId: '6f1f7e3a-7d43-4b8e-9a5e-0c1d2e3f4a5b',
  customerEmail: 'ann@example.com',
  amount: 1_400,
  currency: 'EUR',
  createdAt: '2025-03-01T10:00:00.000Z',
  checkedAt: null,
};

async function openList(rows: AdminProcessingPayment[]): Promise<HTMLElement> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://localhost').pathname === adminApiPaths.processingPayments
        ? json(200, rows)
        : json(404),
    ),
  );
  setTokens({ accessToken: 'admin-access', refreshToken: 'admin-refresh' });
  app = await renderApp('/admin/orders', [
    {
      path: '/admin/orders',
      Component: () => <ProcessingPayments orderHref={(id) => `/o/${id}`} />,
    },
  ]);
  return app.container;
}

describe('payments processing for longer than expected', () => {
  it('lists each with its order, customer, amount and when the provider was last asked, in Spanish', async () => {
    const container = await openList([stuck]);
    await act(() => i18n.changeLanguage('es'));
    await waitFor(() => expect(container.textContent).toContain('ann@example.com'));
    expect(container.textContent).toContain('Pagos en proceso desde hace más de lo esperado');
    expect(container.textContent).toContain('Aún no');
    expect(container.textContent).toContain('14,00');
    expect(linkTargets(container)).toContain('/o/42');
  });

  it('says when there is none', async () => {
    const container = await openList([]);
    await waitFor(() =>
      expect(container.textContent).toContain(
        'No payment has been processing for longer than expected.',
      ),
    );
  });
});
