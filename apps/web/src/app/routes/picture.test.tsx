// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@pictura/contract';
import { installFakeApi } from '../../features/gallery/testing/fake-catalog';
import { setCurrency } from '../../lib/currency';
import {
  choose,
  click,
  confirmCurrencySwitch,
  heading,
  renderApp,
  settle,
  type RenderedApp,
  waitFor,
} from '../../test/render-app';

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

const meta = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content ?? null;
const button = (root: HTMLElement, name: string) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};
const radios = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLInputElement>('main input[type="radio"]'),
];
const storedCart = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '[]') as unknown;
const feedback = (root: HTMLElement) =>
  root.querySelector('main [role="status"]')?.textContent ?? '';
const cartLabel = (root: HTMLElement) =>
  root.querySelector('header a[href="/cart"]')?.getAttribute('aria-label');

describe('/gallery/picture/{urlName}', () => {
  it('shows the preview, the details, the tags and the category link', async () => {
    const { container } = await openPicture();
    const main = container.querySelector('main');
    const image = main?.querySelector('picture img');
    expect(image?.getAttribute('alt')).toBe('Preview of “Picture 1”');
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(main?.textContent).toContain('The description of picture 1.');
    const facts = () =>
      [...(main?.querySelectorAll('dt, dd') ?? [])].map((node) => node.textContent);
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
    expect(main?.querySelector('a[href="/gallery?q=blue+hour"]')?.textContent).toBe('blue hour');
    expect(main?.querySelector('a[href="/gallery/landscapes"]')).not.toBeNull();
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
    const group = container.querySelector('main fieldset');
    expect(group?.querySelector('legend')?.textContent).toBe('Choose a format');
    expect(radios(container).map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Standard downloadHigh-quality file for personal use800 × 500 px, JPEG€5.00',
      'Full resolutionThe original file, with a commercial licence1,600 × 1,000 px, original format€15.00',
    ]);
    expect(radios(container).map((radio) => radio.checked)).toEqual([true, false]);
  });

  it('adds the chosen variant to the cart once, with feedback and the header count', async () => {
    const { container } = await openPicture();
    expect(cartLabel(container)).toBe('Cart, 0 items');
    await click(button(container, 'Add to cart'));
    expect(storedCart()).toEqual([{ attributes: { id: 11 } }]);
    expect(feedback(container)).toBe('Added to your cart. View cart');
    expect(cartLabel(container)).toBe('Cart, 1 item');

    await click(button(container, 'Add to cart'));
    expect(feedback(container)).toBe('This format is already in your cart. View cart');
    expect(storedCart()).toEqual([{ attributes: { id: 11 } }]);

    await click(radios(container)[1]!);
    expect(feedback(container)).toBe('');
    await click(button(container, 'Add to cart'));
    expect(storedCart()).toEqual([{ attributes: { id: 11 } }, { attributes: { id: 12 } }]);
    expect(cartLabel(container)).toBe('Cart, 2 items');

    await click(button(container, 'Remove from cart'));
    expect(storedCart()).toEqual([{ attributes: { id: 11 } }]);
    expect(feedback(container)).toBe('Removed from your cart.');
  });

  it('reprices the variants when the currency changes, and the cart is emptied', async () => {
    const { container } = await openPicture();
    await click(button(container, 'Add to cart'));
    const currency = container.querySelectorAll<HTMLSelectElement>('header select')[1]!;
    await choose(currency, 'USD');
    await confirmCurrencySwitch();
    await waitFor(() =>
      expect(radios(container)[0]?.closest('label')?.textContent).toContain('$5.50'),
    );
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
