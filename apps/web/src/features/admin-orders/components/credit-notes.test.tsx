// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiPathTo, adminApiPaths, type AdminCreditNote } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { clearTokens, setTokens } from '../../../lib/session';
import { json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';
import { CreditNotes } from './credit-notes';

let app: RenderedApp | undefined;
afterEach(async () => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

const dispute: AdminCreditNote = {
  number: 7,
  issuedAt: '2026-05-05T10:00:00.000Z',
  reason: 'dispute',
  cancels: null,
  receiptNumber: 12,
  orderId: 42,
  depositPaymentId: null,
  customerId: '6f1f7e3a-7d43-4b8e-9a5e-0c1d2e3f4a5b',
  customerEmail: 'ann@example.com',
  amount: { amount: 5_000, currency: 'EUR' },
  vat: 0,
  url: adminApiPathTo.creditNote(7),
};
const won: AdminCreditNote = {
  ...dispute,
  number: 8,
  issuedAt: '2026-06-10T10:00:00.000Z',
  reason: 'disputeWon',
  cancels: 7,
  orderId: null,
  depositPaymentId: '3c9a7f0e-5b1d-4e2a-9f8c-1d2e3f4a5b6c',
  customerEmail: null,
  url: adminApiPathTo.creditNote(8),
};

/** Renders the list with the API answering `answer`; answers the calls the page made. */
async function openList(
  props: Parameters<typeof CreditNotes>[0],
  answer: () => Response,
): Promise<URL[]> {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      if (url.pathname === adminApiPaths.creditNotes) return answer();
      if (url.pathname === adminApiPathTo.creditNote(7)) {
        return new Response('%PDF-1.3', { headers: { 'Content-Type': 'application/pdf' } });
      }
      return json(404);
    }),
  );
  setTokens({ accessToken: 'admin-access', refreshToken: 'admin-refresh' });
  app = await renderApp('/admin/orders', [
    { path: '/admin/orders', Component: () => <CreditNotes {...props} /> },
  ]);
  return calls;
}

describe('credit notes in the back office', () => {
  it("lists an order's with the receipt each corrects, and downloads one by keyboard", async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:note'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download) saved.push(this.download);
    });
    const calls = await openList({ orderId: 42 }, () => json(200, [won, dispute]));
    const region = await screen.findByRole('region', { name: 'Credit notes' });
    await waitFor(() => expect(within(region).getAllByRole('row')).toHaveLength(3));
    const [, wonRow, disputeRow] = within(region).getAllByRole('row');
    expect(wonRow?.textContent).toContain('Dispute won: cancels no. 7');
    expect(disputeRow?.textContent).toContain('No. 7');
    expect(disputeRow?.textContent).toContain('Dispute: taken back by the bank');
    expect(disputeRow?.textContent).toContain('Receipt no. 12');
    expect(disputeRow?.textContent).toContain('€50.00');
    // An order's list leaves out the customer and what it was for: the page says so already.
    expect(region.textContent).not.toContain('ann@example.com');
    expect(calls.find((url) => url.pathname === adminApiPaths.creditNotes)?.search).toBe(
      '?OrderId=42',
    );

    const user = userEvent.setup();
    const button = within(disputeRow as HTMLElement).getByRole('button', { name: 'Download' });
    expect(button.getAttribute('aria-describedby')).toBe('admin-credit-note-7');
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toEqual(['pictura-credit-note-7.pdf']));
  });

  it("lists the shop's newest with customer and purpose, in Japanese", async () => {
    await openList({ orderHref: (id) => `/o/${id}` }, () => json(200, [won, dispute]));
    await act(() => i18n.changeLanguage('ja'));
    const region = await screen.findByRole('region', { name: '返金明細書' });
    await waitFor(() => expect(region.textContent).toContain('ann@example.com'));
    expect(region.textContent).toContain('削除されたアカウント');
    expect(region.textContent).toContain('入金');
    expect(within(region).getByRole('link').getAttribute('href')).toBe('/o/42');
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    await openList({ orderId: 42 }, () => json(200, []));
    expect(await screen.findByText('No credit notes for this order.')).toBeTruthy();
    app?.unmount();
    await openList({ orderHref: (id) => `/o/${id}` }, () => json(500));
    const region = await screen.findByRole('region', { name: 'Credit notes' });
    await waitFor(() => expect(within(region).getByRole('alert')).toBeTruthy());
  });
});
