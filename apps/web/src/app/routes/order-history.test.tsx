// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPathTo, apiPaths } from '@pictura/contract';
import { paymentNavigation } from '../../features/checkout/payment-navigation';
import {
  installFakeMoneyApi,
  json,
  order,
  type FakeMoneyApi,
} from '../../features/checkout/testing/fake-money-api';
import { clearTokens, setTokens } from '../../lib/session';
import { renderApp, type RenderedApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
let api: FakeMoneyApi;
let opened: string[];

beforeEach(() => {
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  api = installFakeMoneyApi();
  opened = [];
  vi.spyOn(paymentNavigation, 'open').mockImplementation((link) => void opened.push(link));
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  sessionStorage.clear();
  clearTokens();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(): Promise<HTMLElement> {
  app = await renderApp('/order-history');
  return within(app.container).getByRole('main');
}

const articles = (main: HTMLElement) => within(main).queryAllByRole('article');
const giftCard = (amount: number) => ({ amount: { amount, currency: 'EUR' as const } });

describe('/order-history', () => {
  it('lists the orders as the server sends them, newest first, with status, items and payment split', async () => {
    api.state.orders = [
      order(3, { status: 'pending', total: 1500, paidByBalance: 1000, paidByPayment: 500 }),
      order(2, { status: 'failed' }),
      order(1, { status: 'expired' }),
    ];
    const main = await open();
    await waitFor(() => expect(articles(main)).toHaveLength(3));
    const [newest, failed, expired] = articles(main);
    expect(within(newest!).getByRole('heading', { level: 2 }).textContent).toBe('Order 3');
    expect(newest?.textContent).toContain('Awaiting payment');
    expect(newest?.textContent).toContain('Red Fox · Standard download€5.00');
    expect(newest?.textContent).toContain('Total€15.00');
    expect(newest?.textContent).toContain('Paid from balance€10.00');
    expect(newest?.textContent).toContain('Paid by card€5.00');
    expect(failed?.textContent).toContain('Payment failed');
    expect(expired?.textContent).toContain('Expired');
    expect(within(expired!).queryByRole('button')).toBeNull();
  });

  it('shows a gift card code only behind "Show code", until it is redeemed, with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    api.state.orders = [
      order(3, {
        items: [],
        giftCards: [
          {
            ...giftCard(2500),
            codeHint: 'CCCC',
            codeAvailable: true,
            redeemed: false,
            voided: false,
          },
        ],
      }),
      order(2, {
        items: [],
        giftCards: [
          {
            ...giftCard(1000),
            codeHint: 'ZZZZ',
            codeAvailable: false,
            redeemed: true,
            voided: false,
          },
        ],
      }),
      order(1, {
        status: 'refunded',
        items: [],
        giftCards: [
          {
            ...giftCard(500),
            codeHint: 'YYYY',
            codeAvailable: false,
            redeemed: false,
            voided: true,
          },
        ],
      }),
    ];
    api.state.giftCardCodes.set(3, [
      { amount: { amount: 2500, currency: 'EUR' }, code: 'PCTR-AAAA-BBBB-CCCC' },
    ]);
    const main = await open();
    await waitFor(() => expect(articles(main)).toHaveLength(3));
    const [fresh, old, refunded] = articles(main);
    // The list shows no code, and none is asked for before the press.
    expect(within(main).queryByText(/^PCTR-/)).toBeNull();
    expect(fresh?.textContent).toContain('Code ending in CCCC');
    expect(api.callsTo(apiPathTo.orderGiftCardCodes(3))).toHaveLength(0);

    const show = within(fresh!).getByRole('button', { name: 'Show code' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);
    await waitFor(() =>
      expect(within(fresh!).getByText(/^PCTR-/).textContent).toBe('PCTR-AAAA-BBBB-CCCC'),
    );
    expect(
      within(fresh!).getByRole('button', { name: 'Hide code' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await user.click(within(fresh!).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('PCTR-AAAA-BBBB-CCCC');
    await waitFor(() =>
      expect(within(fresh!).queryAllByRole('status')[0]?.textContent).toBe('Copied.'),
    );

    // A redeemed or voided card has no button: only its hint and its state.
    expect(within(old!).queryByRole('button')).toBeNull();
    expect(old?.textContent).toContain('Gift card of €10.00 · redeemed');
    expect(old?.textContent).toContain('Code ending in ZZZZ');
    expect(refunded?.textContent).toContain(
      'Gift card of €5.00 · voided by the refund: this number no longer works',
    );
    expect(within(refunded!).queryByRole('button')).toBeNull();
    expect(old?.textContent).not.toContain('voided');
  });

  it('pays a pending or failed order again and opens the new payment link', async () => {
    api.state.orders = [order(5, { status: 'pending' }), order(4, { status: 'failed' })];
    api.on(`POST ${apiPathTo.orderPay(4)}`, () =>
      json(200, { paymentLink: 'http://localhost/api/payments/sandbox/again' }),
    );
    const main = await open();
    await waitFor(() => expect(articles(main)).toHaveLength(2));
    expect(within(articles(main)[0]!).getByRole('button', { name: 'Pay now' })).toBeTruthy();
    await user.click(within(articles(main)[1]!).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(opened).toEqual(['http://localhost/api/payments/sandbox/again']));
    const [call] = api.callsTo(apiPathTo.orderPay(4), 'POST');
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says why paying again failed, on that order', async () => {
    api.state.orders = [order(4, { status: 'failed' })];
    api.on(`POST ${apiPathTo.orderPay(4)}`, () =>
      json(400, { errors: { '': 'This order can no longer be paid.' } }),
    );
    const main = await open();
    await waitFor(() => expect(articles(main)).toHaveLength(1));
    await user.click(within(main).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(main).queryAllByRole('alert')[0]?.textContent).toBe(
        'This order can no longer be paid.',
      ),
    );
    expect(opened).toEqual([]);
  });

  it('has an empty state and an error state with a retry', async () => {
    let fail = true;
    api.on(`GET ${apiPaths.orders}`, () => (fail ? json(429) : json(200, [])));
    const main = await open();
    await waitFor(() =>
      expect(within(main).queryAllByRole('alert')[0]?.textContent).toContain('Too many requests.'),
    );
    fail = false;
    await user.click(within(main).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(main.textContent).toContain('No orders yet'));
  });
});

describe('/order-history receipts', () => {
  it("downloads a paid order's receipt (PDF) with the token; an unpaid order has none", async () => {
    const saved: { name: string; href: string }[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:receipt-1'),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download) saved.push({ name: this.download, href: this.href });
    });
    api.state.orders = [order(4, { status: 'pending' }), order(3, { receiptNumber: 12 })];
    api.on(
      `GET ${apiPathTo.orderReceipt(3)}`,
      () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="pictura-receipt-12.pdf"',
          },
        }),
    );
    const main = await open();
    await waitFor(() => expect(articles(main)).toHaveLength(2));
    expect(articles(main)[0]?.textContent).not.toContain('receipt');

    await user.click(within(main).getByRole('button', { name: 'Download receipt no. 12' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'pictura-receipt-12.pdf', href: 'blob:receipt-1' }]),
    );
    const [call] = api.callsTo(apiPathTo.orderReceipt(3));
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('says when a receipt cannot be downloaded', async () => {
    api.state.orders = [order(3, { receiptNumber: 12 })];
    api.on(`GET ${apiPathTo.orderReceipt(3)}`, () => json(404, { errors: { '': 'Not found' } }));
    const main = await open();
    await waitFor(() => expect(articles(main)).toHaveLength(1));
    await user.click(within(main).getByRole('button', { name: 'Download receipt no. 12' }));
    await waitFor(() =>
      expect(within(main).queryAllByRole('alert')[0]?.textContent).toContain(
        'The receipt could not be downloaded.',
      ),
    );
  });
});
