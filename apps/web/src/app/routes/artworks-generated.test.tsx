// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPathTo, apiPaths, type GenerationJob } from '@pictura/contract';
import {
  artwork,
  installFakeMoneyApi,
  json,
  type FakeMoneyApi,
} from '../../features/checkout/testing/fake-money-api';
import { doneJob, job, JOB_ID, list } from '../../features/create/testing/fake-generation';
import { clearTokens, setTokens } from '../../lib/session';
import { renderApp, type RenderedApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });

// The user's generated images have their own tab on /artworks.

const OTHER_ID = '0f6c1e9a-3b7d-4e8a-9c2f-5a4b3c2d1e0f';

let app: RenderedApp | undefined;
let api: FakeMoneyApi;
let jobs: GenerationJob[];
let saved: string[];

beforeEach(() => {
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  api = installFakeMoneyApi();
  jobs = [];
  saved = [];
  api.on(`GET ${apiPaths.generatedImages}`, () => json(200, list(jobs)));
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:picture'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) saved.push(this.download);
  });
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(url: string): Promise<HTMLElement> {
  app = await renderApp(url);
  return within(app.container).getByRole('main');
}

const tab = (main: HTMLElement, name: string) => within(main).getByRole('tab', { name });
const articles = (main: HTMLElement) => within(main).queryAllByRole('article');

describe('/artworks, tab of generated images', () => {
  it('shows every picture of the finished generations, each downloadable', async () => {
    jobs = [
      job({ id: OTHER_ID, prompt: 'Still painting', status: 'running', queuePosition: null }),
      doneJob({ prompt: 'A lighthouse at dusk' }),
    ];
    api.on(`GET ${apiPathTo.generatedImagePreview(JOB_ID, 1)}`, () => new Response('webp'));
    api.on(`GET ${apiPathTo.generatedImagePreview(JOB_ID, 2)}`, () => new Response('webp'));
    api.on(
      `GET ${apiPathTo.generatedImageDownload(JOB_ID, 1)}`,
      () =>
        new Response('jpeg', {
          headers: { 'Content-Disposition': 'attachment; filename="pictura-lighthouse-1.jpg"' },
        }),
    );
    const main = await open('/artworks?tab=generated');
    expect(tab(main, 'My generated images').getAttribute('aria-selected')).toBe('true');
    expect(tab(main, 'Purchased artworks').getAttribute('aria-selected')).toBe('false');
    const panel = within(main).getByRole('tabpanel');
    await waitFor(() => expect(within(panel).queryAllByRole('listitem')).toHaveLength(2));
    expect(panel.textContent).toContain('A lighthouse at dusk');
    expect(panel.textContent).not.toContain('Still painting');
    expect(panel.textContent).toContain('1 generation is still in progress.');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toContain('/create');
    const pictures = () =>
      within(panel)
        .queryAllByRole('img')
        .filter((img) => img.getAttribute('src') === 'blob:picture');
    await waitFor(() => expect(pictures()).toHaveLength(2));
    expect(api.callsTo(apiPaths.artworks)).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Download picture 1' }));
    await waitFor(() => expect(saved).toEqual(['pictura-lighthouse-1.jpg']));
  });

  it('has an empty state that leads to /create', async () => {
    const main = await open('/artworks?tab=generated');
    await waitFor(() => expect(main.textContent).toContain('No generated images yet'));
    const create = within(main).getByRole('link', { name: 'Create a picture' });
    expect(create.getAttribute('href')).toBe('/create');
  });

  it('opens on the purchased artworks; the tabs switch by click and by arrow keys', async () => {
    api.state.artworks = [artwork(1)];
    const main = await open('/artworks');
    await waitFor(() => expect(articles(main)).toHaveLength(1));
    expect(tab(main, 'Purchased artworks').tabIndex).toBe(0);
    expect(tab(main, 'My generated images').tabIndex).toBe(-1);

    await user.click(tab(main, 'My generated images'));
    expect(app?.router.state.location.search).toBe('?tab=generated');
    await waitFor(() => expect(main.textContent).toContain('No generated images yet'));
    // The panel is named by its tab.
    within(main).getByRole('tabpanel', { name: 'My generated images' });

    expect(document.activeElement).toBe(tab(main, 'My generated images'));
    await user.keyboard('{ArrowLeft}');
    expect(app?.router.state.location.search).toBe('');
    expect(document.activeElement).toBe(tab(main, 'Purchased artworks'));
    await waitFor(() => expect(articles(main)).toHaveLength(1));
  });
});
