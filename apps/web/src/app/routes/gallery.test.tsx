// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, STORAGE_KEYS } from '@pictura/contract';
import { setCurrency } from '../../lib/currency';
import { installFakeApi, type FakeApi } from '../../features/gallery/testing/fake-catalog';
import {
  confirmCurrencySwitch,
  heading,
  renderApp,
  settle,
  type RenderedApp,
} from '../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  // The currency store outlives a test: back to the default for the next one.
  setCurrency('EUR');
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function open(url: string): Promise<RenderedApp> {
  app = await renderApp(url);
  return app;
}

const main = (root: HTMLElement) => within(within(root).getByRole('main'));
const cards = (root: HTMLElement) => main(root).queryAllByRole('article');
const status = (root: HTMLElement) =>
  main(root)
    .queryAllByRole('status')
    .map((node) => node.textContent)
    .join('|');
const link = (root: HTMLElement, name: string) => within(root).getByRole('link', { name });
/** A filter field, by the start of its label (the price labels end with the currency symbol). */
const field = <T extends HTMLElement>(root: HTMLElement, label: string): T =>
  within(root).getByLabelText<T>(new RegExp(`^${label.replace(/[.()]/g, '\\$&')}`));
const cartLink = (root: HTMLElement, name: string) =>
  within(within(root).getAllByRole('banner')[0]!).getByRole('link', { name });
const where = (rendered: RenderedApp) =>
  `${rendered.router.state.location.pathname}${rendered.router.state.location.search}`;
const lastSearch = () => api.requestsTo(apiPaths.offers).at(-1)?.searchParams;

async function type(input: HTMLElement, value: string): Promise<void> {
  await user.clear(input);
  await user.type(input, value);
}

describe('/gallery', () => {
  it('shows the categories, the result count and the first page of pictures', async () => {
    const { container } = await open('/gallery');
    expect(heading(container)).toBe('Gallery');
    await waitFor(() => expect(cards(container)).toHaveLength(24));
    const nav = within(within(container).getByRole('navigation', { name: 'Categories' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'All pictures',
      'Landscapes',
      'Animals',
    ]);
    expect(nav.getByRole('link', { current: 'page' }).textContent).toBe('All pictures');
    expect(status(container)).toBe('30 pictures');
    expect(Object.fromEntries(lastSearch() ?? [])).toEqual({
      Sort: 'NewToOld',
      From: '0',
      To: '2147483647',
      Currency: 'EUR',
      PageSize: '24',
      Page: '1',
    });
    const first = cards(container)[0]!;
    expect(within(first).getAllByRole('link')[0]?.getAttribute('href')).toBe(
      '/gallery/picture/picture-1',
    );
    expect(first.textContent).toContain('From €5.00');
  });

  it('draws each picture with AVIF and WebP sources, its size, and lazily below the fold', async () => {
    const { container } = await open('/gallery');
    await waitFor(() => expect(cards(container)).toHaveLength(24));
    // The card's title names the picture, so its image is decorative (alt="").
    const images = cards(container).map((card) =>
      within(card).getByRole<HTMLImageElement>('presentation'),
    );
    // A <source> has no role: the formats offered are markup only the browser reads.
    const sources = [...images[0]!.parentElement!.querySelectorAll('source')];
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(
      '/files/previews/1-320.avif 320w, /files/previews/1-640.avif 640w, /files/previews/1-960.avif 960w, /files/previews/1-1280.avif 1280w',
    );
    expect([images[0]?.getAttribute('width'), images[0]?.getAttribute('height')]).toEqual([
      '1600',
      '1000',
    ]);
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images[10]?.getAttribute('loading')).toBe('lazy');
    const frame = images[0]?.closest('picture')?.parentElement;
    expect(frame?.style.backgroundImage).toContain('data:image/webp');
  });

  it('applies the filters of the address, and every result matches them', async () => {
    const { container } = await open('/gallery?orientation=Vertical&from=500&to=2000');
    await waitFor(() => expect(cards(container).length).toBeGreaterThan(0));
    expect(lastSearch()?.get('Orientation')).toBe('Vertical');
    expect(lastSearch()?.get('From')).toBe('500');
    expect(lastSearch()?.get('To')).toBe('2000');
    expect(field<HTMLSelectElement>(container, 'Orientation').value).toBe('Vertical');
    expect(field<HTMLInputElement>(container, 'Min. price').value).toBe('5.00');
    expect(field<HTMLInputElement>(container, 'Max. price').value).toBe('20.00');
    for (const card of cards(container)) expect(card.textContent).toContain('Vertical');
  });

  it('writes changed filters to the address; prices are typed in major units', async () => {
    const rendered = await open('/gallery');
    const { container } = rendered;
    await waitFor(() => expect(cards(container)).toHaveLength(24));
    await user.selectOptions(within(container).getByLabelText('Sort by'), 'LowToHigh');
    await user.selectOptions(within(container).getByLabelText('Style'), 'Cyberpunk');
    await type(field(container, 'Min. price'), '5');
    await type(field(container, 'Max. price'), '20,50');
    await user.click(within(container).getByRole('button', { name: 'Apply' }));
    await settle(rendered.router);
    expect(where(rendered)).toBe('/gallery?sort=LowToHigh&style=Cyberpunk&from=500&to=2050');
    await waitFor(() => expect(lastSearch()?.get('To')).toBe('2050'));
    expect(lastSearch()?.get('Style')).toBe('Cyberpunk');
    expect(lastSearch()?.get('Sort')).toBe('LowToHigh');
  });

  it('refuses an amount it cannot read and a maximum below the minimum', async () => {
    const rendered = await open('/gallery');
    const { container } = rendered;
    await type(field(container, 'Min. price'), 'ten');
    await user.click(within(container).getByRole('button', { name: 'Apply' }));
    expect(container.textContent).toContain('Enter an amount such as 12.50.');
    expect(field(container, 'Min. price').getAttribute('aria-invalid')).toBe('true');
    await type(field(container, 'Min. price'), '30');
    await type(field(container, 'Max. price'), '10');
    await user.click(within(container).getByRole('button', { name: 'Apply' }));
    expect(container.textContent).toContain('The maximum must not be below the minimum.');
    expect(where(rendered)).toBe('/gallery');
  });

  it('loads more in place from a link to the next page, and moves focus to the first new picture', async () => {
    const rendered = await open('/gallery?sort=LowToHigh');
    const { container } = rendered;
    await waitFor(() => expect(cards(container)).toHaveLength(24));
    expect(container.textContent).toContain('Showing 24 of 30');
    const more = link(container, 'Load more');
    // Crawlers and browsers without JavaScript follow it to the next page, filters kept.
    expect(more.getAttribute('href')).toBe('/gallery?sort=LowToHigh&page=2');
    await user.click(more);
    await waitFor(() => expect(cards(container)).toHaveLength(30));
    expect(api.requestsTo(apiPaths.offers).at(-1)?.searchParams.get('Page')).toBe('2');
    expect(where(rendered)).toBe('/gallery?sort=LowToHigh');
    expect(document.activeElement?.textContent).toBe('Picture 25');
    expect(container.textContent).toContain('Showing 30 of 30');
    expect(() => link(container, 'Load more')).toThrow();
  });

  it('starts at the page the address names, with a way back to the first', async () => {
    const { container } = await open('/gallery?page=2');
    await waitFor(() => expect(cards(container)).toHaveLength(6));
    expect(api.requestsTo(apiPaths.offers).at(-1)?.searchParams.get('Page')).toBe('2');
    expect(container.textContent).toContain('Showing 30 of 30');
    expect(link(container, 'Back to the first page').getAttribute('href')).toBe('/gallery');
  });

  it('says a page past the last is past it, with a way back to the first', async () => {
    const { container } = await open('/gallery?sort=LowToHigh&page=9');
    await waitFor(() => expect(container.textContent).toContain('This page is past the last one'));
    expect(cards(container)).toHaveLength(0);
    expect(status(container)).toBe('30 pictures');
    expect(container.textContent).not.toContain('No pictures found');
    expect(link(container, 'Back to the first page').getAttribute('href')).toBe(
      '/gallery?sort=LowToHigh',
    );
  });

  it('shows an empty state whose button clears the filters', async () => {
    const rendered = await open('/gallery?from=900000');
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain('No pictures found'));
    expect(status(container)).toBe('0 pictures');
    const results = within(main(container).getByRole('region', { name: 'Pictures' }));
    await user.click(results.getByRole('button', { name: 'Clear filters' }));
    await settle(rendered.router);
    expect(where(rendered)).toBe('/gallery');
    await waitFor(() => expect(cards(container)).toHaveLength(24));
  });

  it('shows an error with a retry button when loading fails', async () => {
    api.failNext(apiPaths.offers, 429);
    const { container } = await open('/gallery');
    await waitFor(() =>
      expect(within(container).queryAllByRole('alert')[0]?.textContent).toContain(
        'Too many requests.',
      ),
    );
    await user.click(within(container).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards(container)).toHaveLength(24));
  });

  it('reprices in the currency chosen in the header and empties the cart', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, '[{"attributes":{"id":11}}]');
    const { container } = await open('/gallery');
    await waitFor(() => expect(cards(container)).toHaveLength(24));
    expect(cartLink(container, 'Cart, 1 item').getAttribute('href')).toBe('/cart');
    await user.selectOptions(within(container).getByLabelText('Currency'), 'USD');
    await confirmCurrencySwitch(user);
    await waitFor(() => expect(cards(container)[0]?.textContent).toContain('From $5.50'));
    expect(lastSearch()?.get('Currency')).toBe('USD');
    expect(cartLink(container, 'Cart, 0 items').getAttribute('href')).toBe('/cart');
  });
});

describe('/gallery/{categoryName}', () => {
  it('is headed by the category name and searches in that category', async () => {
    const { container } = await open('/gallery/landscapes?style=Anime');
    await waitFor(() => expect(heading(container)).toBe('Landscapes'));
    await waitFor(() => expect(lastSearch()?.get('Category')).toBe('landscapes'));
    expect(lastSearch()?.get('Style')).toBe('Anime');
    const nav = within(within(container).getByRole('navigation', { name: 'Categories' }));
    expect(nav.getByRole('link', { current: 'page' }).textContent).toBe('Landscapes');
    // Moving to another category keeps the filters.
    expect(nav.getByRole('link', { name: 'Animals' }).getAttribute('href')).toBe(
      '/gallery/animals?style=Anime',
    );
  });

  it('shows the 404 page for a name that is no category', async () => {
    const { container } = await open('/gallery/no-such-category');
    await waitFor(() =>
      expect(heading(container)).toBe('Page Not Found: /gallery/no-such-category'),
    );
  });
});

describe('/ (home)', () => {
  it('keeps the hero and shows the latest pictures with their prices', async () => {
    const { container } = await open('/');
    expect(heading(container)).toBe('Art imagined by AI, ready to make yours');
    await waitFor(() => expect(cards(container)).toHaveLength(4));
    expect(api.requestsTo(apiPaths.offersLatest)[0]?.searchParams.get('Currency')).toBe('EUR');
    expect(cards(container)[0]?.textContent).toContain('Picture 12');
    expect(cards(container)[0]?.textContent).toContain('From €16.00');
  });
});
