// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@pictura/contract';
import { setCurrency } from '../../lib/currency';
import { errorOf } from '../../test/forms';
import { confirmCurrencySwitch, renderApp, type RenderedApp } from '../../test/render-app';

const user = userEvent.setup();

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

const main = (container: HTMLElement) => container.querySelector('main') ?? container;
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.giftCard) ?? 'null') as unknown;
const radio = (container: HTMLElement, name: string) => {
  const label = [...main(container).querySelectorAll('label')].find((l) => l.textContent === name);
  const input = label?.querySelector('input');
  if (!input) throw new Error(`no choice "${name}"`);
  return input;
};
const status = (container: HTMLElement) =>
  main(container).querySelector('form [role="status"]')?.textContent;

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
    expect(main(container).querySelector('a[href="/cart"]')?.textContent).toBe('Go to cart');
    expect(container.querySelector('header a[href="/cart"]')?.getAttribute('aria-label')).toBe(
      'Cart, 1 item',
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
