// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPathTo, apiPaths, type PaymentResult } from '@pictura/contract';
import { PAYMENT_LINK_STORAGE_KEY } from '../../features/checkout/checkout-store';
import { LAST_DEPOSIT_STORAGE_KEY } from '../../features/checkout/deposit-retry-store';
import { paymentNavigation } from '../../features/checkout/payment-navigation';
import {
  installFakeMoneyApi,
  json,
  type FakeMoneyApi,
} from '../../features/checkout/testing/fake-money-api';
import { PAYMENT_POLL_GIVE_UP_MS } from '../../features/payment/api/get-payment';
import { accountStore } from '../../lib/account-store';
import { clearTokens, setTokens } from '../../lib/session';
import { heading, renderApp, type RenderedApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
let api: FakeMoneyApi;
let opened: string[];

const ID = '5b0e7f0c-8d7e-4f3b-9a51-1d2c3b4a5f60';
const payment = (change: Partial<PaymentResult>): PaymentResult => ({
  id: ID,
  purpose: 'order',
  status: 'pending',
  amount: 1500,
  currency: 'EUR',
  orderId: 42,
  failureReason: null,
  ...change,
});

beforeEach(() => {
  api = installFakeMoneyApi();
  opened = [];
  vi.spyOn(paymentNavigation, 'open').mockImplementation((link) => void opened.push(link));
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  sessionStorage.clear();
  clearTokens();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(signedIn = true): Promise<HTMLElement> {
  if (signedIn) setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  app = await renderApp(`/payment-result?payment=${ID}`);
  return app.container;
}

const main = (container: HTMLElement) => within(container).getByRole('main');
const links = (container: HTMLElement) =>
  within(main(container))
    .queryAllByRole('link')
    .map((a) => a.getAttribute('href'));
/** A gift card code as the page shows it. */
const code = (container: HTMLElement) => within(main(container)).queryByText(/^PCTR-/);

describe('/payment-result', () => {
  it('asks again while the payment is pending, then shows the success and refreshes the balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem(PAYMENT_LINK_STORAGE_KEY, 'http://localhost/pay/1');
    api.state.balances.EUR = 4200;
    api.state.payments.set(ID, [payment({}), payment({}), payment({ status: 'succeeded' })]);
    const container = await open();
    await waitFor(() => expect(heading(container)).toBe('Checking your payment'));
    expect(within(main(container)).queryAllByRole('status')[0]?.textContent).toBe(
      'Waiting for the confirmation of your payment…',
    );
    await act(() => vi.advanceTimersByTimeAsync(4_100));
    await waitFor(() => expect(heading(container)).toBe('Payment successful'));

    expect(api.callsTo(apiPathTo.payment(ID))).toHaveLength(3);
    expect(main(container).textContent).toContain(
      'Thank you! Your payment of €15.00 has been received and your order is complete.',
    );
    expect(links(container)).toEqual(expect.arrayContaining(['/order-history', '/artworks']));
    await waitFor(() =>
      expect(accountStore.get().balance).toEqual({ currency: 'EUR', amount: 4200 }),
    );
    expect(sessionStorage.getItem(PAYMENT_LINK_STORAGE_KEY)).toBeNull();
  });

  it('stops asking after about two minutes, and lets the shopper check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.state.payments.set(ID, [payment({})]);
    const container = await open();
    await waitFor(() => expect(heading(container)).toBe('Checking your payment'));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_GIVE_UP_MS + 2_000));
    await waitFor(() =>
      expect(main(container).textContent).toContain('Your payment is still being processed.'),
    );
    const asked = api.callsTo(apiPathTo.payment(ID)).length;
    expect(asked).toBeGreaterThan(50);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.callsTo(apiPathTo.payment(ID))).toHaveLength(asked);

    api.state.payments.set(ID, [payment({ status: 'succeeded' })]);
    await user.click(within(main(container)).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(heading(container)).toBe('Payment successful'));
  });

  it('shows a failed order payment with the reason and a way to pay the same order again', async () => {
    api.state.payments.set(ID, [payment({ status: 'failed', failureReason: 'cardDeclined' })]);
    api.on(`POST ${apiPathTo.orderPay(42)}`, () =>
      json(200, { paymentLink: 'http://localhost/api/payments/sandbox/second' }),
    );
    const container = await open();
    await waitFor(() => expect(heading(container)).toBe('Payment failed'));
    expect(main(container).textContent).toContain(
      'Your card was declined. You can try again with another card.',
    );
    expect(main(container).textContent).toContain('Nothing was charged');
    await user.click(within(main(container)).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(opened).toEqual(['http://localhost/api/payments/sandbox/second']));
  });

  it('shows a successful deposit with the way to the wallet, and an expired one', async () => {
    api.state.payments.set(ID, [
      payment({ purpose: 'deposit', orderId: null, status: 'succeeded' }),
    ]);
    let container = await open();
    await waitFor(() => expect(heading(container)).toBe('Payment successful'));
    expect(main(container).textContent).toContain(
      'Thank you! €15.00 has been added to your balance.',
    );
    expect(links(container)).toEqual(['/wallet']);
    app?.unmount();

    api.state.payments.set(ID, [payment({ status: 'expired' })]);
    container = await open();
    await waitFor(() => expect(heading(container)).toBe('Payment expired'));
    expect(() => within(main(container)).getByRole('button', { name: 'Try again' })).toThrow();
  });

  it('shows an order the balance paid whole without asking for the order list', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    api.state.balances.EUR = 100;
    app = await renderApp('/payment-result?order=42');
    const { container } = app;
    expect(heading(container)).toBe('Payment successful');
    expect(main(container).textContent).toContain(
      'Thank you! Order 42 has been paid in full from your balance.',
    );
    expect(links(container)).toEqual(['/order-history', '/artworks']);
    await waitFor(() =>
      expect(accountStore.get().balance).toEqual({ currency: 'EUR', amount: 100 }),
    );
    // The list of orders is not needed here: only the order's own gift card codes are asked for.
    expect(api.callsTo(apiPaths.orders)).toEqual([]);
    expect(api.callsTo(apiPathTo.orderGiftCardCodes(42))).toHaveLength(1);
    expect(code(container)).toBeNull();
  });

  it('shows each gift card code of a paid order in full, with a copy button and where it is found again', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    api.state.payments.set(ID, [payment({ status: 'succeeded' })]);
    api.state.giftCardCodes.set(42, [
      { amount: { amount: 2500, currency: 'EUR' }, code: 'PCTR-AAAA-BBBB-CCCC-DDDD' },
    ]);
    const container = await open();
    await waitFor(() => expect(code(container)?.textContent).toBe('PCTR-AAAA-BBBB-CCCC-DDDD'));
    const section = within(main(container)).getByRole('region', { name: 'Your gift card' });
    expect(section.textContent).toContain('Gift card of €25.00');
    expect(section.textContent).toContain('We have also emailed this code to you.');
    expect(within(section).getByRole('link').getAttribute('href')).toBe('/order-history');
    await user.click(within(section).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('PCTR-AAAA-BBBB-CCCC-DDDD');
  });

  it('shows a declined deposit with the reason and pays the same deposit again, details kept', async () => {
    const request = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'GB',
      city: 'London',
      address1: '12 St James Square',
      zipCode: 'SW1Y 4JH',
      agreedToPP_TOS: true,
      depositAmount: 5000,
      currency: 'EUR',
      javascriptEnabled: true,
      acceptLanguage: 'en',
      screenWidth: 1280,
      screenHeight: 800,
      timeZone: 'Europe/London',
      userAgent: 'test',
    };
    sessionStorage.setItem(LAST_DEPOSIT_STORAGE_KEY, JSON.stringify(request));
    api.state.payments.set(ID, [
      payment({
        purpose: 'deposit',
        orderId: null,
        status: 'failed',
        failureReason: 'authenticationFailed',
      }),
    ]);
    const container = await open();
    await waitFor(() => expect(heading(container)).toBe('Payment failed'));
    expect(main(container).textContent).toContain(
      'The security check of your card (3-D Secure) was not completed.',
    );
    await user.click(within(main(container)).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(opened).toEqual(['http://localhost/api/payments/sandbox/d-1']));
    const [sent] = api.callsTo(apiPaths.balanceDeposit, 'POST');
    expect(sent?.body).toEqual(request);
  });

  it('says when the payment is not the user’s, and asks a signed-out visitor to log in', async () => {
    let container = await open();
    await waitFor(() => expect(heading(container)).toBe('Payment not found'));
    app?.unmount();
    clearTokens();

    container = await open(false);
    expect(heading(container)).toBe('Payment');
    expect(links(container)).toEqual([
      `/login?returnUrl=${encodeURIComponent(`/payment-result?payment=${ID}`)}`,
    ]);
  });
});
