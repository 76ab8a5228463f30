// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { apiPaths, routePatterns } from '@pictura/contract';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeApi, offer } from '../testing/fake-catalog';
import { getOfferQueryOptions, prefetchOffer } from './get-offer';

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
    expect(link.getAttribute('imagesizes')).toBe('(min-width: 64rem) 36rem, calc(100vw - 2.5rem)');

    // Coming back while the answer is cached asks nothing again.
    await loader(args('picture-2'));
    expect(api.requestsTo(apiPaths.offersGetOne)).toHaveLength(1);
  });

  it('preloads nothing for a name the server does not know; the page shows its 404', async () => {
    installFakeApi();
    const queryClient = createQueryClient();
    await prefetchOffer(queryClient)(args('picture-999'));
    const options = getOfferQueryOptions('picture-999', 'EUR');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(options.queryKey)?.status).toBe('error'),
    );
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
