// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@pictura/contract';
import { setCurrency } from '../../lib/currency';
import { errorOf } from '../../test/forms';
import { confirmCurrencySwitch, renderApp, type RenderedApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;

afterEach(() => {
  app?.unmount();
  app = undefined;
  setCurrency('EUR');
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function open(): Promise<HTMLElement> {
  app = await renderApp('/gift-card');
  return app.container;
}

const main = (container: HTMLElement) => within(container).getByRole('main');
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.giftCard) ?? 'null') as unknown;
const radio = (container: HTMLElement, name: string) =>
  within(main(container)).getByRole<HTMLInputElement>('radio', { name });
const status = (container: HTMLElement) =>
  within(main(container)).queryAllByRole('status')[0]?.textContent;

describe('/gift-card', () => {
  it('offers preset amounts in the active currency and puts the chosen card in the cart', async () => {
    const container = await open();
    expect(radio(container, '€25.00').checked).toBe(true);
    await user.click(radio(container, '€50.00'));
    await user.click(
      within(main(container)).getByRole('button', { name: 'Add gift card to cart' }),
    );
    expect(stored()).toEqual({ offerId: -1, offerAttributeId: -1, amount: 5000, currency: 'EUR' });
    expect(status(container)).toBe('A gift card of €50.00 is in your cart.');
    expect(
      within(main(container)).getByRole('link', { name: 'Go to cart' }).getAttribute('href'),
    ).toBe('/cart');
    const header = within(container).getAllByRole('banner')[0]!;
    expect(within(header).getByRole('link', { name: 'Cart, 1 item' }).getAttribute('href')).toBe(
      '/cart',
    );
  });

  it('checks a typed amount against the gift card limits', async () => {
    const container = await open();
    await user.click(radio(container, 'Other amount'));
    const amount = within(container).getByLabelText('Your amount (€)');
    await user.clear(amount);
    await user.type(amount, 'a lot');
    await user.click(
      within(main(container)).getByRole('button', { name: 'Add gift card to cart' }),
    );
    expect(errorOf(amount)).toBe('Enter an amount such as 30 or 12.50.');
    await user.clear(amount);
    await user.type(amount, '500.01');
    await user.click(
      within(main(container)).getByRole('button', { name: 'Add gift card to cart' }),
    );
    expect(errorOf(amount)).toBe('Enter an amount between €5.00 and €500.00.');
    expect(document.activeElement).toBe(amount);
    expect(stored()).toBeNull();
    await user.clear(amount);
    await user.type(amount, '30,50');
    await user.click(
      within(main(container)).getByRole('button', { name: 'Add gift card to cart' }),
    );
    expect(stored()).toMatchObject({ amount: 3050, currency: 'EUR' });
  });

  it('holds one card: the page says that adding another replaces it, and that it did', async () => {
    localStorage.setItem(
      STORAGE_KEYS.giftCard,
      JSON.stringify({ offerId: -1, offerAttributeId: -1, amount: 1000, currency: 'EUR' }),
    );
    const container = await open();
    expect(main(container).textContent).toContain(
      'Your cart already holds a gift card of €10.00. A cart holds one gift card',
    );
    await user.click(radio(container, '€100.00'));
    await user.click(
      within(main(container)).getByRole('button', { name: 'Add gift card to cart' }),
    );
    expect(stored()).toMatchObject({ amount: 10_000 });
    expect(status(container)).toBe('Your gift card of €10.00 was replaced by one of €100.00.');
  });

  it('prices in the chosen currency, and a currency switch takes the card out of the cart', async () => {
    const container = await open();
    await user.click(
      within(main(container)).getByRole('button', { name: 'Add gift card to cart' }),
    );
    await user.selectOptions(
      within(container).getByLabelText('Currency') as HTMLSelectElement,
      'USD',
    );
    await confirmCurrencySwitch(user);
    expect(stored()).toBeNull();
    await waitFor(() => expect(radio(container, '$25.00')).toBeTruthy());
    await user.click(
      within(main(container)).getByRole('button', { name: 'Add gift card to cart' }),
    );
    expect(stored()).toMatchObject({ amount: 2500, currency: 'USD' });
  });
});
