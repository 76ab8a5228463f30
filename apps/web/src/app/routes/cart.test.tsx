// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, ORDER_MESSAGES, STORAGE_KEYS, type OrderRequest } from '@pictura/contract';
import { cartStore } from '../../features/cart/cart-store';
import { giftCardStore } from '../../features/cart/gift-card-store';
import { PAYMENT_LINK_STORAGE_KEY } from '../../features/checkout/checkout-store';
import { paymentNavigation } from '../../features/checkout/payment-navigation';
import {
  installFakeMoneyApi,
  json,
  order,
  PROFILE,
  type FakeMoneyApi,
} from '../../features/checkout/testing/fake-money-api';
import { invalidateBalance } from '../../lib/api/get-balance';
import { setCurrency } from '../../lib/currency';
import { appQueryClient } from '../../lib/query-client';
import { clearTokens, setTokens } from '../../lib/session';
import { errorOf, submit } from '../../test/forms';
import {
  confirmCurrencySwitch,
  renderApp,
  settle,
  type RenderedApp,
  termsAndDefinitions,
} from '../../test/render-app';

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
  setCurrency('EUR');
  localStorage.clear();
  sessionStorage.clear();
  clearTokens();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(url: string): Promise<RenderedApp> {
  app = await renderApp(url);
  return app;
}

const main = (container: HTMLElement) => within(container).getByRole('main');
const lines = (container: HTMLElement) => within(main(container)).queryAllByRole('listitem');
const checkoutForm = (container: HTMLElement) =>
  within(main(container)).queryByRole<HTMLFormElement>('form', { name: 'Checkout' });
/** Presses the checkout's submit button, named for how the order is paid. */
const pay = (container: HTMLElement) =>
  user.click(
    within(checkoutForm(container)!).getByRole('button', { name: /^Place order and pay/ }),
  );
const value = (control: HTMLElement) => (control as HTMLInputElement).value;
const orderRequests = () =>
  api.callsTo(apiPaths.orders, 'POST').map((call) => call.body as OrderRequest);

/** Ticks the agreement (and pay by balance when asked), as a user does before paying. */
async function agree(container: HTMLElement) {
  const box = within(container).getByLabelText(
    'I agree to the privacy policy and the terms and conditions.',
  );
  await user.click(box);
}

describe('/cart', () => {
  it('shows an empty cart with ways to the gallery and the gift cards', async () => {
    const { container } = await open('/cart');
    expect(main(container).textContent).toContain('Your cart is empty');
    const links = within(main(container))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['/gallery', '/gift-card']));
    expect(checkoutForm(container)).toBeNull();
    expect(api.callsTo(apiPaths.offerAttributes)).toEqual([]);
  });

  it('prices the stored variants in the active currency, with the gift card and the total', async () => {
    cartStore.add(11);
    cartStore.add(21);
    giftCardStore.set(2500);
    const { container } = await open('/cart');
    await waitFor(() => expect(main(container).textContent).toContain('Red Fox'));

    const lookup = api.callsTo(apiPaths.offerAttributes)[0];
    expect(lookup?.query.get('Ids')).toBe('11,21');
    expect(lookup?.query.get('Currency')).toBe('EUR');
    const texts = lines(container).map((li) => li.textContent ?? '');
    expect(texts[0]).toContain('Standard download');
    expect(texts[0]).toContain('€5.00');
    expect(texts[1]).toContain('Night Owl');
    expect(texts[2]).toContain('Gift card');
    expect(texts[2]).toContain('€25.00');
    expect(main(container).textContent).toContain('Total€39.00');
  });

  it('removes a line, says so, and updates the total; a vanished variant is marked', async () => {
    cartStore.add(11);
    cartStore.add(99);
    const { container } = await open('/cart');
    await waitFor(() => expect(main(container).textContent).toContain('Red Fox'));
    expect(main(container).textContent).toContain('This picture is no longer for sale');
    expect(main(container).textContent).toContain('Total€5.00');

    await user.click(
      within(main(container)).getByRole('button', { name: 'Remove Picture no longer available' }),
    );
    expect(cartStore.getItems()).toEqual([{ attributes: { id: 11 } }]);
    expect(within(main(container)).queryAllByRole('status')[0]?.textContent).toBe(
      'Removed Picture no longer available from your cart.',
    );
    expect(document.activeElement?.textContent).toBe('In your cart');

    await user.click(
      within(main(container)).getByRole('button', { name: 'Remove Red Fox (Standard download)' }),
    );
    await waitFor(() => expect(main(container).textContent).toContain('Your cart is empty'));
  });

  it('says when the prices cannot be loaded, and tries again', async () => {
    let fail = true;
    api.on(`GET ${apiPaths.offerAttributes}`, ({ query }) =>
      fail ? json(429) : json(200, [{ ...order(1).items[0], id: Number(query.get('Ids')) }]),
    );
    cartStore.add(11);
    const { container } = await open('/cart');
    await waitFor(() =>
      expect(within(main(container)).queryAllByRole('alert')[0]?.textContent).toContain(
        'Too many requests.',
      ),
    );
    expect(checkoutForm(container)).toBeNull();
    fail = false;
    api.on(`GET ${apiPaths.offerAttributes}`, () => json(200, []));
    await user.click(within(main(container)).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(main(container)).queryByRole('alert')).toBeNull());
  });
});

describe('checkout', () => {
  it('fills the billing fields from the profile and asks for the agreement', async () => {
    cartStore.add(11);
    const { container } = await open('/cart');
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
    expect(value(within(container).getByLabelText('Last name'))).toBe('Lovelace');
    expect(value(within(container).getByLabelText('Country'))).toBe('GB');
    expect(value(within(container).getByLabelText('Postal code'))).toBe('SW1Y 4JH');
    const agreement = within(container).getByLabelText(
      'I agree to the privacy policy and the terms and conditions.',
    );
    const labelLinks = within((agreement as HTMLInputElement).labels![0]!).getAllByRole('link');
    expect(labelLinks.map((a) => a.getAttribute('href'))).toEqual([
      '/privacy-policy',
      '/terms-and-conditions',
    ]);

    await pay(container);
    expect(errorOf(agreement)).toBe(
      'You must agree to the privacy policy and the terms and conditions.',
    );
    expect(orderRequests()).toEqual([]);
  });

  it('shows the balance and what is left to pay by card when paying by balance', async () => {
    api.state.balances.EUR = 1200;
    cartStore.add(12);
    const { container } = await open('/cart');
    const toggle = await (async () => {
      let found: HTMLInputElement | undefined;
      await waitFor(() => {
        found = within(container).getByLabelText(
          'Pay with my balance (€12.00 available)',
        ) as HTMLInputElement;
      });
      return found!;
    })();
    const summary = () => termsAndDefinitions(checkoutForm(container)!).join('');
    expect(summary()).toBe('Total€15.00Paid from your balance€0.00To pay by card€15.00');
    await user.click(toggle);
    expect(summary()).toBe('Total€15.00Paid from your balance€12.00To pay by card€3.00');
  });

  it('cannot pay by balance when the balance cannot be loaded', async () => {
    api.state.balances.EUR = null;
    cartStore.add(11);
    const { container } = await open('/cart');
    await waitFor(() =>
      expect(checkoutForm(container)?.textContent).toContain('Your balance could not be loaded.'),
    );
    expect(
      (within(container).getByLabelText('Pay with my balance') as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('places the order once, clears the cart and gift card, stores and opens the payment link', async () => {
    api.state.balances.EUR = 300;
    cartStore.add(11);
    giftCardStore.set(1000);
    let answer: (response: Response) => void = () => undefined;
    api.on(`POST ${apiPaths.orders}`, () => new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = await open('/cart');
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
    await waitFor(() => within(container).getByLabelText('Pay with my balance (€3.00 available)'));
    await user.click(within(container).getByLabelText('Pay with my balance (€3.00 available)'));
    await agree(container);

    // Two submits in a row (a double click): the order-processing flag lets one through.
    await act(async () => {
      checkoutForm(container)?.requestSubmit();
      checkoutForm(container)?.requestSubmit();
    });
    await waitFor(() => expect(orderRequests()).toHaveLength(1));
    expect(within(container).getByRole('button', { name: 'Processing…' })).toHaveProperty(
      'disabled',
      true,
    );
    // A submit while the order is processing, as a second Enter would send: nothing more is sent.
    await submit(checkoutForm(container));

    const [request] = orderRequests();
    expect(request).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'GB',
      city: 'London',
      address1: '12 St James Square',
      zipCode: 'SW1Y 4JH',
      agreedToPP_TOS: true,
      cartItems: [{ attributes: { id: 11 } }],
      giftCardAmount: 1000,
      currency: 'EUR',
      payByBalance: true,
      javascriptEnabled: true,
      acceptLanguage: navigator.language,
      userAgent: navigator.userAgent,
    });
    expect(request).not.toHaveProperty('state');
    const key = api.callsTo(apiPaths.orders, 'POST')[0]?.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    await act(async () => answer(json(200, { paymentLink: 'http://localhost/pay/p-9' })));
    await waitFor(() => expect(opened).toEqual(['http://localhost/pay/p-9']));
    expect(orderRequests()).toHaveLength(1);
    expect(sessionStorage.getItem(PAYMENT_LINK_STORAGE_KEY)).toBe('http://localhost/pay/p-9');
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.giftCard)).toBeNull();
    expect(main(container).textContent).toContain('Your cart is empty');
  });

  it('sends the same Idempotency-Key again after a lost answer and a reload, a new one for a changed cart', async () => {
    cartStore.add(11);
    let answers = 0;
    // The first two answers never arrive (the connection dropped); the third does.
    api.on(`POST ${apiPaths.orders}`, () => {
      answers += 1;
      if (answers <= 2) return Promise.reject(new TypeError('Failed to fetch'));
      return json(200, { paymentLink: 'http://localhost/pay/p-1' });
    });
    const keys = () =>
      api.callsTo(apiPaths.orders, 'POST').map((call) => call.headers.get('Idempotency-Key'));
    const paying = async () => {
      const { container } = await open('/cart');
      await waitFor(() =>
        expect(value(within(container).getByLabelText('First name'))).toBe('Ada'),
      );
      await agree(container);
      return container;
    };

    let container = await paying();
    await pay(container);
    await waitFor(() => expect(main(container).textContent).toContain('An error has occurred.'));
    // The page is loaded again and the same cart is paid.
    app?.unmount();
    container = await paying();
    await pay(container);
    await waitFor(() => expect(keys()).toHaveLength(2));
    await waitFor(() =>
      expect(within(container).getByRole('button', { name: 'Place order and pay' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    await pay(container);
    await waitFor(() => expect(opened).toEqual(['http://localhost/pay/p-1']));
    // The next order is another attempt.
    cartStore.add(21);
    app?.unmount();
    container = await paying();
    await pay(container);
    await waitFor(() => expect(keys()).toHaveLength(4));

    const [first, afterReload, retried, nextOrder] = keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect([afterReload, retried]).toEqual([first, first]);
    expect(nextOrder).not.toBe(first);
  });

  it('keeps the attempt when the balance is read again between tries', async () => {
    api.state.balances.EUR = 300;
    cartStore.add(11);
    let answers = 0;
    // The first answer never arrives; the retry's does.
    api.on(`POST ${apiPaths.orders}`, () => {
      answers += 1;
      if (answers === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return json(200, { paymentLink: 'http://localhost/pay/p-2' });
    });
    const { container } = await open('/cart');
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
    await waitFor(() => within(container).getByLabelText('Pay with my balance (€3.00 available)'));
    await user.click(within(container).getByLabelText('Pay with my balance (€3.00 available)'));
    await agree(container);
    await pay(container);
    await waitFor(() => expect(main(container).textContent).toContain('An error has occurred.'));

    // The first request did take the balance part (its answer was lost): read again, it is empty.
    api.state.balances.EUR = 0;
    await act(() => invalidateBalance(appQueryClient));
    await waitFor(() => within(container).getByLabelText('Pay with my balance (€0.00 available)'));
    await pay(container);
    await waitFor(() => expect(opened).toEqual(['http://localhost/pay/p-2']));

    const [first, retried] = api
      .callsTo(apiPaths.orders, 'POST')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(retried).toBe(first);
    expect(orderRequests().map((request) => request.payByBalance)).toEqual([true, true]);
  });

  it('makes a new attempt after the server refused the order as it was', async () => {
    cartStore.add(11);
    api.on(`POST ${apiPaths.orders}`, () =>
      json(400, { errors: { 'cartItems.0': ORDER_MESSAGES.itemOwned } }),
    );
    const { container } = await open('/cart');
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
    await agree(container);

    await pay(container);
    await waitFor(() =>
      expect(main(container).textContent).toContain('You already own this picture'),
    );
    await pay(container);
    await waitFor(() => expect(orderRequests()).toHaveLength(2));

    const [refused, next] = api
      .callsTo(apiPaths.orders, 'POST')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(next).not.toBe(refused);
  });

  it('removes the cached orders after an order', async () => {
    api.state.orders = [order(1)];
    const rendered = await open('/order-history');
    await waitFor(() => expect(main(rendered.container).textContent).toContain('Order 1'));
    cartStore.add(11);
    await act(() => rendered.router.navigate('/cart'));
    await settle(rendered.router);
    await waitFor(() =>
      expect(value(within(rendered.container).getByLabelText('First name'))).toBe('Ada'),
    );
    await agree(rendered.container);
    await pay(rendered.container);
    await waitFor(() => expect(opened).toHaveLength(1));

    // With the cache gone, the list is loaded afresh instead of showing the old one first.
    api.on(`GET ${apiPaths.orders}`, () => new Promise<Response>(() => undefined));
    await act(() => rendered.router.navigate('/order-history'));
    await settle(rendered.router);
    expect(main(rendered.container).textContent).toContain('Loading your orders…');
    expect(main(rendered.container).textContent).not.toContain('Order 1');
  });

  it('shows server field errors on their fields and lets the shopper submit again', async () => {
    cartStore.add(11);
    api.on(`POST ${apiPaths.orders}`, () =>
      json(400, { errors: { zipCode: 'Use at most 20 characters.' } }),
    );
    const { container } = await open('/cart');
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
    await agree(container);
    await pay(container);
    await waitFor(() =>
      expect(errorOf(within(container).getByLabelText('Postal code'))).toBe(
        'Use at most 20 characters.',
      ),
    );
    expect(within(container).getByRole('button', { name: 'Place order and pay' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(opened).toEqual([]);
    expect(cartStore.getItems()).toHaveLength(1);
  });

  it('leaves a stored address alone unless asked: the save box starts unticked', async () => {
    cartStore.add(11);
    const { container } = await open('/cart');
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
    const save = within(container).getByLabelText('Save these details to my account for next time');
    expect((save as HTMLInputElement).checked).toBe(false);
    await user.clear(within(container).getByLabelText('City'));
    await user.type(within(container).getByLabelText('City'), 'Bath');
    await agree(container);

    await pay(container);

    await waitFor(() => expect(opened).toHaveLength(1));
    expect(orderRequests()[0]).toMatchObject({ city: 'Bath' });
    expect(api.callsTo(apiPaths.accountsUpdateBilling)).toEqual([]);
    expect(api.callsTo(apiPaths.accountsUpdate)).toEqual([]);
  });

  it('keeps what a first-time shopper typed as their profile, before the payment opens', async () => {
    api.state.profile = {
      ...PROFILE,
      firstName: null,
      lastName: null,
      country: null,
      city: null,
      address1: null,
      zipCode: null,
    };
    cartStore.add(11);
    const { container } = await open('/cart');
    const save = await (async () => {
      let found: HTMLInputElement | undefined;
      await waitFor(() => {
        found = within(container).getByLabelText(
          'Save these details to my account for next time',
        ) as HTMLInputElement;
      });
      return found!;
    })();
    expect(save.checked).toBe(true);
    await user.clear(within(container).getByLabelText('First name'));
    await user.type(within(container).getByLabelText('First name'), 'Grace');
    await user.clear(within(container).getByLabelText('Last name'));
    await user.type(within(container).getByLabelText('Last name'), 'Hopper');
    await user.selectOptions(
      within(container).getByLabelText('Country') as HTMLSelectElement,
      'US',
    );
    await user.clear(within(container).getByLabelText('Address'));
    await user.type(within(container).getByLabelText('Address'), '1 Navy Way');
    await user.clear(within(container).getByLabelText('City'));
    await user.type(within(container).getByLabelText('City'), 'Arlington');
    await user.clear(within(container).getByLabelText('Postal code'));
    await user.type(within(container).getByLabelText('Postal code'), '22202');
    await agree(container);

    await pay(container);

    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.callsTo(apiPaths.accountsUpdate, 'POST').map((call) => call.body)).toEqual([
      { firstName: 'Grace', lastName: 'Hopper' },
    ]);
    expect(api.callsTo(apiPaths.accountsUpdateBilling, 'POST').map((call) => call.body)).toEqual([
      { country: 'US', city: 'Arlington', address1: '1 Navy Way', zipCode: '22202' },
    ]);
    const order = api.callsTo(apiPaths.orders, 'POST')[0]!;
    const saved = api.callsTo(apiPaths.accountsUpdateBilling, 'POST')[0]!;
    expect(api.calls.indexOf(saved)).toBeLessThan(api.calls.indexOf(order));
    expect(order.body).not.toHaveProperty('saveDetails');
  });

  it('places the order even when the details cannot be saved', async () => {
    api.state.profile = { ...PROFILE, country: null };
    api.on(`POST ${apiPaths.accountsUpdateBilling}`, () => json(500));
    cartStore.add(11);
    const { container } = await open('/cart');
    await waitFor(() => expect(value(within(container).getByLabelText('First name'))).toBe('Ada'));
    await user.selectOptions(
      within(container).getByLabelText('Country') as HTMLSelectElement,
      'GB',
    );
    await agree(container);

    await pay(container);

    await waitFor(() => expect(opened).toEqual(['http://localhost/api/payments/sandbox/p-1']));
    expect(api.callsTo(apiPaths.accountsUpdateBilling, 'POST')).toHaveLength(1);
  });

  it('switching the currency empties the cart and the gift card', async () => {
    cartStore.add(11);
    giftCardStore.set(1000);
    const { container } = await open('/cart');
    await waitFor(() => expect(main(container).textContent).toContain('Red Fox'));
    await user.selectOptions(
      within(container).getByLabelText('Currency') as HTMLSelectElement,
      'USD',
    );
    await confirmCurrencySwitch(user);
    await waitFor(() => expect(main(container).textContent).toContain('Your cart is empty'));
    expect(localStorage.getItem(STORAGE_KEYS.giftCard)).toBeNull();
  });
});
