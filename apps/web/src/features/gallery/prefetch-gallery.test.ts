// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { apiPaths, paths, routePatterns } from '@pictura/contract';
import { createQueryClient } from '../../lib/query-client';
import { offerSearchFor, readFilters } from './filters';
import { installFakeApi } from './testing/fake-catalog';
import { getCategoriesQueryOptions } from './api/get-categories';
import { getLatestOffersQueryOptions, prefetchLatestOffers } from './api/get-latest-offers';
import { prefetchGallery } from './prefetch-gallery';
import { getSearchOffersQueryOptions } from './api/search-offers';

afterEach(() => vi.unstubAllGlobals());

/** What the router passes a loader for `address`. */
function args(address: string, pattern: string, params: Record<string, string> = {}) {
  const url = new URL(`http://shop.test${address}`);
  return { params, request: new Request(url), url, pattern, context: undefined };
}

describe("the home page's loader", () => {
  it('asks for the newest offers at once, before the page renders', async () => {
    const api = installFakeApi();
    const queryClient = createQueryClient();

    expect(await prefetchLatestOffers(queryClient)(args(paths.home, '/'))).toBeNull();

    const { queryKey } = getLatestOffersQueryOptions('EUR');
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKey)).toHaveLength(4));
    expect(api.requestsTo(apiPaths.offersLatest)[0]?.searchParams.get('Currency')).toBe('EUR');
  });
});

describe("the gallery's loader", () => {
  it('asks for the categories and the first page of the filters in the address', async () => {
    const api = installFakeApi();
    const queryClient = createQueryClient();
    const address = `${paths.gallery}?orientation=Vertical`;

    const loaderArgs: LoaderFunctionArgs = args(address, paths.gallery);
    expect(await prefetchGallery(queryClient)(loaderArgs)).toBeNull();

    const filters = readFilters(new URL(`http://shop.test${address}`).searchParams, 'EUR');
    const search = getSearchOffersQueryOptions(offerSearchFor(filters, 'EUR', null));
    await vi.waitFor(() => expect(queryClient.getQueryData(search.queryKey)).toBeDefined());
    expect(queryClient.getQueryData(getCategoriesQueryOptions().queryKey)).toBeDefined();
    const [sent] = api.requestsTo(apiPaths.offers);
    expect(sent?.searchParams.get('Orientation')).toBe('Vertical');
    expect(sent?.searchParams.get('Page')).toBe('1');
  });

  it("narrows the first page to the address's category", async () => {
    const api = installFakeApi();
    const queryClient = createQueryClient();
    const address = paths.galleryCategory('animals');

    await prefetchGallery(queryClient)(
      args(address, routePatterns.galleryCategory, { categoryName: 'animals' }),
    );

    await vi.waitFor(() => expect(api.requestsTo(apiPaths.offers)).toHaveLength(1));
    expect(api.requestsTo(apiPaths.offers)[0]?.searchParams.get('Category')).toBe('animals');
  });
});
