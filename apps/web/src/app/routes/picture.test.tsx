// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@pictura/contract';
import { installFakeApi } from '../../features/gallery/testing/fake-catalog';
import { setCurrency } from '../../lib/currency';
import {
  confirmCurrencySwitch,
  heading,
  renderApp,
  termsAndDefinitions,
  settle,
  type RenderedApp,
} from '../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;

beforeEach(() => {
  installFakeApi();
  document.head.innerHTML = '<meta name="description" content="The shop">';
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  // The currency store outlives a test: back to the default for the next one.
  setCurrency('EUR');
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function openPicture(url = '/gallery/picture/picture-1'): Promise<RenderedApp> {
  app = await renderApp(url);
  const { container } = app;
  await waitFor(() => expect(heading(container)).toBe('Picture 1'));
  return app;
}

// Head tags are read by crawlers and link previews, not shown: no role reaches them.
const meta = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content ?? null;
const main = (root: HTMLElement) => within(within(root).getByRole('main'));
const radios = (root: HTMLElement) => main(root).getAllByRole<HTMLInputElement>('radio');
const labelOf = (radio: HTMLInputElement | undefined) => radio?.labels?.[0]?.textContent;
const storedCart = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '[]') as unknown;
const feedback = (root: HTMLElement) => main(root).queryAllByRole('status')[0]?.textContent ?? '';
const header = (root: HTMLElement) => within(within(root).getAllByRole('banner')[0]!);
/** The name the header's cart link is announced with. */
const cartLabel = (root: HTMLElement) =>
  header(root)
    .getByRole('link', { name: /^Cart, / })
    .getAttribute('aria-label');

describe('/gallery/picture/{urlName}', () => {
  it('shows the preview, the details, the tags and the category link', async () => {
    const { container } = await openPicture();
    const page = main(container);
    const image = page.getByRole('img', { name: 'Preview of “Picture 1”' });
    expect(image.getAttribute('loading')).toBe('eager');
    expect(within(container).getByRole('main').textContent).toContain(
      'The description of picture 1.',
    );
    const facts = () => termsAndDefinitions(within(container).getByRole('main'));
    // The category's name in the active language arrives with the category list.
    await waitFor(() => expect(facts()).toContain('Landscapes'));
    expect(facts()).toEqual([
      'Style',
      'Cyberpunk',
      'Orientation',
      'Horizontal',
      'Size',
      '1600 × 1000 px',
      'Category',
      'Landscapes',
      'Added',
      'Jan 2, 2025',
    ]);
    expect(page.getByRole('link', { name: 'blue hour' }).getAttribute('href')).toBe(
      '/gallery?q=blue+hour',
    );
    expect(page.getAllByRole('link').map((a) => a.getAttribute('href'))).toContain(
      '/gallery/landscapes',
    );
  });

  it('sets the title, meta description and Open Graph tags, and removes them on leave', async () => {
    const rendered = await openPicture();
    await waitFor(() => expect(document.title).toBe('Picture 1 · Pictura'));
    expect(meta('name="description"')).toBe('The description of picture 1.');
    expect(meta('property="og:title"')).toBe('Picture 1');
    expect(meta('property="og:description"')).toBe('The description of picture 1.');
    // A picture is a product (as its JSON-LD says); other pages are the website.
    expect(meta('property="og:type"')).toBe('product');
    expect(meta('property="og:image"')).toBe('http://localhost:3000/files/previews/1-share.jpg');

    // The next page has its own description, and none of the picture's tags.
    await rendered.router.navigate('/gallery');
    await settle(rendered.router);
    expect(meta('name="description"')).toMatch(/^Browse pictures created with AI/);
    expect(meta('property="og:title"')).toBeNull();
    expect(meta('property="og:image"')).toBeNull();
    expect(meta('property="og:type"')).not.toBe('product');
  });

  it('offers the variants as a radio group with prices, the cheapest chosen', async () => {
    const { container } = await openPicture();
    const group = main(container).getByRole('group', { name: 'Choose a format' });
    expect(within(group).getAllByRole('radio')).toEqual(radios(container));
    expect(radios(container).map(labelOf)).toEqual([
      'Standard downloadHigh-quality file for personal use800 × 500 px, JPEG€5.00',
      'Full resolutionThe original file, with a commercial licence1,600 × 1,000 px, original format€15.00',
    ]);
    expect(radios(container).map((radio) => radio.checked)).toEqual([true, false]);
  });

  it('adds the chosen variant to the cart once, with feedback and the header count', async () => {
    const { container } = await openPicture();
    expect(cartLabel(container)).toBe('Cart, 0 items');
    await user.click(within(container).getByRole('button', { name: 'Add to cart' }));
    expect(storedCart()).toEqual([{ attributes: { id: 11 } }]);
    expect(feedback(container)).toBe('Added to your cart. View cart');
    expect(cartLabel(container)).toBe('Cart, 1 item');

    await user.click(within(container).getByRole('button', { name: 'Add to cart' }));
    expect(feedback(container)).toBe('This format is already in your cart. View cart');
    expect(storedCart()).toEqual([{ attributes: { id: 11 } }]);

    await user.click(radios(container)[1]!);
    expect(feedback(container)).toBe('');
    await user.click(within(container).getByRole('button', { name: 'Add to cart' }));
    expect(storedCart()).toEqual([{ attributes: { id: 11 } }, { attributes: { id: 12 } }]);
    expect(cartLabel(container)).toBe('Cart, 2 items');

    await user.click(within(container).getByRole('button', { name: 'Remove from cart' }));
    expect(storedCart()).toEqual([{ attributes: { id: 11 } }]);
    expect(feedback(container)).toBe('Removed from your cart.');
  });

  it('reprices the variants when the currency changes, and the cart is emptied', async () => {
    const { container } = await openPicture();
    await user.click(within(container).getByRole('button', { name: 'Add to cart' }));
    const currency = header(container).getByRole('combobox', { name: 'Currency' });
    await user.selectOptions(currency, 'USD');
    await confirmCurrencySwitch(user);
    await waitFor(() => expect(labelOf(radios(container)[0])).toContain('$5.50'));
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    expect(cartLabel(container)).toBe('Cart, 0 items');
  });

  it('shows the 404 page for a picture that does not exist', async () => {
    app = await renderApp('/gallery/picture/picture-999');
    const { container } = app;
    await waitFor(() =>
      expect(heading(container)).toBe('Page Not Found: /gallery/picture/picture-999'),
    );
  });
});
