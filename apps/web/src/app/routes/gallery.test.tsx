// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, STORAGE_KEYS } from '@pictura/contract';
import { setCurrency } from '../../lib/currency';
import { installFakeApi, type FakeApi } from '../../features/gallery/testing/fake-catalog';
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

const cards = (root: HTMLElement) => [...root.querySelectorAll('main article')];
const status = (root: HTMLElement) =>
  [...root.querySelectorAll('main [role="status"]')].map((node) => node.textContent).join('|');
const button = (root: HTMLElement, name: string) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};
const link = (root: HTMLElement, name: string) => {
  const found = [...root.querySelectorAll('a')].find((a) => a.textContent === name);
  if (!found) throw new Error(`no link "${name}"`);
  return found;
};
const field = <T extends HTMLElement>(root: HTMLElement, label: string): T => {
  const found = [...root.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  const control = found ? root.ownerDocument.getElementById(found.htmlFor) : null;
  if (!control) throw new Error(`no field "${label}"`);
  return control as T;
};
const where = (rendered: RenderedApp) =>
  `${rendered.router.state.location.pathname}${rendered.router.state.location.search}`;
const lastSearch = () => api.requestsTo(apiPaths.offers).at(-1)?.searchParams;

/** Types into a text field the way React notices (its value setter is tracked). */
async function type(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('/gallery', () => {
  it('shows the categories, the result count and the first page of pictures', async () => {
    const { container } = await open('/gallery');
    expect(heading(container)).toBe('Gallery');
    await waitFor(() => expect(cards(container)).toHaveLength(24));
    const nav = container.querySelector('nav[aria-label="Categories"]');
    expect([...(nav?.querySelectorAll('a') ?? [])].map((a) => a.textContent)).toEqual([
      'All pictures',
      'Landscapes',
      'Animals',
    ]);
    expect(nav?.querySelector('[aria-current="page"]')?.textContent).toBe('All pictures');
    expect(status(container)).toBe('30 pictures');
    expect(Object.fromEntries(lastSearch() ?? [])).toEqual({
      Sort: 'NewToOld',
      From: '0',
      To: '2147483647',
      Currency: 'EUR',
      PageSize: '24',
      Page: '1',
    });
    const first = cards(container)[0];
    expect(first?.querySelector('a')?.getAttribute('href')).toBe('/gallery/picture/picture-1');
    expect(first?.textContent).toContain('From €5.00');
  });

  it('draws each picture with AVIF and WebP sources, its size, and lazily below the fold', async () => {
    const { container } = await open('/gallery');
    await waitFor(() => expect(cards(container)).toHaveLength(24));
    const sources = [...container.querySelectorAll('main picture')[0]!.querySelectorAll('source')];
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(
      '/files/previews/1-320.avif 320w, /files/previews/1-640.avif 640w, /files/previews/1-960.avif 960w, /files/previews/1-1280.avif 1280w',
    );
    const images = [...container.querySelectorAll<HTMLImageElement>('main picture img')];
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
    await choose(field(container, 'Sort by'), 'LowToHigh');
    await choose(field(container, 'Style'), 'Cyberpunk');
    await type(field(container, 'Min. price'), '5');
    await type(field(container, 'Max. price'), '20,50');
    await click(button(container, 'Apply'));
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
    await click(button(container, 'Apply'));
    expect(container.textContent).toContain('Enter an amount such as 12.50.');
    expect(field(container, 'Min. price').getAttribute('aria-invalid')).toBe('true');
    await type(field(container, 'Min. price'), '30');
    await type(field(container, 'Max. price'), '10');
    await click(button(container, 'Apply'));
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
    await click(more);
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
    await click(button(container, 'Clear filters'));
    await settle(rendered.router);
    expect(where(rendered)).toBe('/gallery');
    await waitFor(() => expect(cards(container)).toHaveLength(24));
  });

  it('shows an error with a retry button when loading fails', async () => {
    api.failNext(apiPaths.offers, 429);
    const { container } = await open('/gallery');
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toContain(
        'Too many requests.',
      ),
    );
    await click(button(container, 'Try again'));
    await waitFor(() => expect(cards(container)).toHaveLength(24));
  });

  it('reprices in the currency chosen in the header and empties the cart', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, '[{"attributes":{"id":11}}]');
    const { container } = await open('/gallery');
    await waitFor(() => expect(cards(container)).toHaveLength(24));
    expect(container.querySelector('header a[href="/cart"]')?.getAttribute('aria-label')).toBe(
      'Cart, 1 item',
    );
    await choose(field(container, 'Currency'), 'USD');
    await confirmCurrencySwitch();
    await waitFor(() => expect(cards(container)[0]?.textContent).toContain('From $5.50'));
    expect(lastSearch()?.get('Currency')).toBe('USD');
    expect(container.querySelector('header a[href="/cart"]')?.getAttribute('aria-label')).toBe(
      'Cart, 0 items',
    );
  });
});

describe('/gallery/{categoryName}', () => {
  it('is headed by the category name and searches in that category', async () => {
    const { container } = await open('/gallery/landscapes?style=Anime');
    await waitFor(() => expect(heading(container)).toBe('Landscapes'));
    await waitFor(() => expect(lastSearch()?.get('Category')).toBe('landscapes'));
    expect(lastSearch()?.get('Style')).toBe('Anime');
    const current = container.querySelector('nav[aria-label="Categories"] [aria-current="page"]');
    expect(current?.textContent).toBe('Landscapes');
    // Moving to another category keeps the filters.
    expect(container.querySelector('a[href="/gallery/animals?style=Anime"]')).not.toBeNull();
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
