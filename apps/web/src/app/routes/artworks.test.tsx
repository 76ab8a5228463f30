// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@pictura/contract';
import {
  artwork,
  installFakeMoneyApi,
  json,
  type FakeMoneyApi,
} from '../../features/checkout/testing/fake-money-api';
import { clearTokens, setTokens } from '../../lib/session';
import { renderApp, type RenderedApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
let api: FakeMoneyApi;
let saved: { name: string; href: string }[];

beforeEach(() => {
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  api = installFakeMoneyApi();
  saved = [];
  // jsdom has no object URLs and does not download: record what the page hands to the browser.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file-1'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(): Promise<HTMLElement> {
  app = await renderApp('/artworks');
  return within(app.container).getByRole('main');
}

const articles = (main: HTMLElement) => within(main).queryAllByRole('article');

describe('/artworks', () => {
  it('shows each purchased artwork with its preview, variant and purchase date', async () => {
    api.state.artworks = [artwork(1), artwork(2, { title: 'Night Owl', kind: 'standard' })];
    const main = await open();
    await waitFor(() => expect(articles(main)).toHaveLength(2));
    const first = articles(main)[0]!;
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toBe('Red Fox');
    // The heading names the artwork, so its preview is decorative (alt="").
    expect(within(first).getByRole('presentation').getAttribute('width')).toBe('1200');
    expect(first.textContent).toContain('Full resolution');
    expect(first.textContent).toContain('Bought on Mar 3, 2025');
  });

  it('downloads the original with the bearer token, under the name the server gives', async () => {
    api.state.artworks = [artwork(7)];
    api.on(
      'GET /api/artworks/7/download',
      () =>
        new Response('jpeg bytes', {
          status: 200,
          headers: {
            'Content-Type': 'image/jpeg',
            'Content-Disposition': 'attachment; filename="red-fox-original.jpg"',
          },
        }),
    );
    const main = await open();
    await waitFor(() => expect(articles(main)).not.toHaveLength(0));
    await user.click(within(main).getByRole('button', { name: 'Download file' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'red-fox-original.jpg', href: 'blob:file-1' }]),
    );
    const [call] = api.callsTo('/api/artworks/7/download');
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('says when a download fails, and the licence is fetched the same way', async () => {
    api.state.artworks = [artwork(7)];
    api.on('GET /api/artworks/7/licence', () => json(404, { errors: { '': 'Not found' } }));
    const main = await open();
    await waitFor(() => expect(articles(main)).not.toHaveLength(0));
    await user.click(within(main).getByRole('button', { name: 'Licence' }));
    await waitFor(() =>
      expect(within(main).queryAllByRole('alert')[0]?.textContent).toBe(
        'The download failed. An unexpected server error occurred.',
      ),
    );
    expect(saved).toEqual([]);
  });

  it('has an empty state linking to the gallery, and an error state with a retry', async () => {
    let fail = true;
    api.on(`GET ${apiPaths.artworks}`, () => (fail ? json(429) : json(200, [])));
    const main = await open();
    await waitFor(() => expect(within(main).queryAllByRole('alert')).not.toHaveLength(0));
    fail = false;
    await user.click(within(main).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(main.textContent).toContain('No artworks yet'));
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toContain('/gallery');
  });
});
