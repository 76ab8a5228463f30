import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiPaths,
  CategoryListSchema,
  OfferDetailSchema,
  SearchOffersResponseSchema,
  type Currency,
  type OfferDetail,
  type SearchOffersResponse,
} from '@pictura/contract';

/**
 * The demo catalog as the API sees it (read through the contract's schemas), so the gallery
 * journeys can choose filters that have results and check the page against the data.
 */

export const NO_PRICE_LIMIT = 2_147_483_647;

export async function searchApi(
  request: APIRequestContext,
  query: Record<string, string | number>,
): Promise<SearchOffersResponse> {
  const params = new URLSearchParams({
    From: '0',
    To: String(NO_PRICE_LIMIT),
    Currency: 'EUR',
    ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  const response = await request.get(`${apiPaths.offers}?${params.toString()}`);
  return SearchOffersResponseSchema.parse(await response.json());
}

/** The catalog's newest offer (the search's default order); the demo catalog always has one. */
export async function newestOffer(
  request: APIRequestContext,
): Promise<SearchOffersResponse['items'][number]> {
  const [newest] = (await searchApi(request, { PageSize: 1 })).items;
  if (!newest) throw new Error('The demo catalog is empty');
  return newest;
}

export async function offerApi(
  request: APIRequestContext,
  urlName: string,
  currency: Currency,
): Promise<OfferDetail> {
  const params = new URLSearchParams({ UrlName: urlName, Currency: currency });
  const response = await request.get(`${apiPaths.offersGetOne}?${params.toString()}`);
  return OfferDetailSchema.parse(await response.json());
}

export async function categoriesApi(request: APIRequestContext) {
  return CategoryListSchema.parse(await (await request.get(apiPaths.categories)).json());
}

/** The picture cards of the results grid. */
export const cards = (page: Page): Locator => page.getByRole('main').getByRole('article');

/** "From €12.50" / "From $12.50" on a card → 1250. */
export function minorUnitsIn(text: string): number {
  const match = /[€$]\s?([\d,]+)\.(\d{2})/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no price in "${text}"`);
  return Number(match[1].replaceAll(',', '')) * 100 + Number(match[2]);
}

/** Presses Tab until the focused element matches `target`; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}
