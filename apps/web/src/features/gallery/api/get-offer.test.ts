// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { apiPaths, routePatterns } from '@pictura/contract';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeApi, offer } from '../testing/fake-catalog';
import { getCategoriesQueryOptions } from './get-categories';
import { getOfferQueryOptions, prefetchOffer, useOffer } from './get-offer';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

afterEach(() => {
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

/** What the router passes a loader for /gallery/picture/{urlName}. */
function args(urlName: string): LoaderFunctionArgs {
  const url = new URL(`http://shop.test/gallery/picture/${urlName}`);
  return {
    params: { urlName },
    request: new Request(url),
    url,
    pattern: routePatterns.picture,
    context: undefined,
  };
}

describe("the picture page's loader", () => {
  it('asks for the offer at once, then preloads its preview as the page will draw it', async () => {
    const api = installFakeApi();
    const queryClient = createQueryClient();
    const loader = prefetchOffer(queryClient);

    expect(await loader(args('picture-2'))).toBeNull();
    const options = getOfferQueryOptions('picture-2', 'EUR');
    await vi.waitFor(() => expect(queryClient.getQueryData(options.queryKey)).toBeDefined());
    const link = await vi.waitFor(() => {
      // A <link> in the head is for the browser, not the reader: no role reaches it.
      const found = document.head.querySelector('link[rel="preload"][as="image"]');
      if (!found) throw new Error('no preload link yet');
      return found;
    });
    const avif = offer(2, 'EUR')
      .image.previews.filter((preview) => preview.format === 'avif')
      .map((preview) => `${preview.url} ${preview.width}w`)
      .join(', ');
    expect(link.getAttribute('type')).toBe('image/avif');
    expect(link.getAttribute('imagesrcset')).toBe(avif);
    expect(link.getAttribute('imagesizes')).toBe('(min-width: 64rem) 36rem, calc(100vw - 3rem)');

    // Coming back while the answer is cached asks nothing again.
    await loader(args('picture-2'));
    expect(api.requestsTo(apiPaths.offersGetOne)).toHaveLength(1);
  });

  it('asks for the categories too: the breadcrumbs name the category in the page language', async () => {
    const api = installFakeApi();
    const queryClient = createQueryClient();

    await prefetchOffer(queryClient)(args('picture-2'));

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(getCategoriesQueryOptions().queryKey)).toBeDefined(),
    );
    expect(api.requestsTo(apiPaths.categories)).toHaveLength(1);
  });

  it('preloads nothing for a name the server does not know; the page shows its 404', async () => {
    installFakeApi();
    const queryClient = createQueryClient();
    await prefetchOffer(queryClient)(args('picture-999'));
    const options = getOfferQueryOptions('picture-999', 'EUR');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(options.queryKey)?.status).toBe('error'),
    );
    // As above: the head's <link> elements have no role.
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});

/** The statuses `useOffer` gives a page rendered once with this query client. */
async function statusesOf(queryClient: QueryClient, urlName: string): Promise<string[]> {
  const seen: string[] = [];
  function Probe() {
    seen.push(useOffer(urlName).status);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => {
    root.render(createElement(QueryClientProvider, { client: queryClient }, createElement(Probe)));
  });
  act(() => root.unmount());
  return seen;
}

describe('useOffer', () => {
  it('draws a picture the server already found missing as missing, and does not ask again', async () => {
    const api = installFakeApi();
    const queryClient = createQueryClient();
    await prefetchOffer(queryClient)(args('picture-999'));
    const { queryKey } = getOfferQueryOptions('picture-999', 'EUR');
    await vi.waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('error'));

    // The page the server rendered from this cache, and the browser's first render: the 404 page.
    expect(await statusesOf(queryClient, 'picture-999')).toEqual(['error']);
    expect(api.requestsTo(apiPaths.offersGetOne)).toHaveLength(1);
  });

  it('asks again, as the page mounts, for a picture whose answer failed otherwise', async () => {
    const api = installFakeApi();
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    api.failNext(apiPaths.offersGetOne, 503);
    await prefetchOffer(queryClient)(args('picture-2'));
    const { queryKey } = getOfferQueryOptions('picture-2', 'EUR');
    await vi.waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('error'));

    expect((await statusesOf(queryClient, 'picture-2'))[0]).toBe('pending');
    await vi.waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('success'));
    expect(api.requestsTo(apiPaths.offersGetOne)).toHaveLength(2);
  });
});
