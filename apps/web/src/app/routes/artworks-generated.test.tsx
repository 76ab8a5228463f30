// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
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

const user = userEvent.setup();

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
  return app.container.querySelector('main') ?? app.container;
}

const tab = (main: HTMLElement, name: string) => {
  const found = [...main.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
    (element) => element.textContent === name,
  );
  if (!found) throw new Error(`no tab "${name}"`);
  return found;
};

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
    await waitFor(() => expect(main.querySelectorAll('[role="tabpanel"] li')).toHaveLength(2));
    const panel = main.querySelector('[role="tabpanel"]');
    expect(panel?.textContent).toContain('A lighthouse at dusk');
    expect(panel?.textContent).not.toContain('Still painting');
    expect(panel?.textContent).toContain('1 generation is still in progress.');
    expect(panel?.querySelector('a[href="/create"]')).not.toBeNull();
    await waitFor(() => expect(panel?.querySelectorAll('img[src="blob:picture"]')).toHaveLength(2));
    expect(api.callsTo(apiPaths.artworks)).toEqual([]);

    await user.click(
      panel?.querySelector('button[aria-label="Download picture 1"]') as HTMLElement,
    );
    await waitFor(() => expect(saved).toEqual(['pictura-lighthouse-1.jpg']));
  });

  it('has an empty state that leads to /create', async () => {
    const main = await open('/artworks?tab=generated');
    await waitFor(() => expect(main.textContent).toContain('No generated images yet'));
    const create = [...main.querySelectorAll('a')].find(
      (a) => a.textContent === 'Create a picture',
    );
    expect(create?.getAttribute('href')).toBe('/create');
  });

  it('opens on the purchased artworks; the tabs switch by click and by arrow keys', async () => {
    api.state.artworks = [artwork(1)];
    const main = await open('/artworks');
    await waitFor(() => expect(main.querySelectorAll('article')).toHaveLength(1));
    expect(tab(main, 'Purchased artworks').tabIndex).toBe(0);
    expect(tab(main, 'My generated images').tabIndex).toBe(-1);

    await user.click(tab(main, 'My generated images'));
    expect(app?.router.state.location.search).toBe('?tab=generated');
    await waitFor(() => expect(main.textContent).toContain('No generated images yet'));
    expect(main.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby')).toBe(
      'artworks-tab-generated',
    );

    await act(async () => {
      tab(main, 'My generated images').dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }),
      );
    });
    expect(app?.router.state.location.search).toBe('');
    expect(document.activeElement).toBe(tab(main, 'Purchased artworks'));
    await waitFor(() => expect(main.querySelectorAll('article')).toHaveLength(1));
  });
});
