import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiPaths,
  paths,
  SearchOffersResponseSchema,
  type Currency,
  type Locale,
  type OfferSummary,
} from '@pictura/contract';
import { NO_PRICE_LIMIT } from './gallery-catalog';

// Shared by the ssr-*.spec.ts files: what the server's HTML holds, read without running the app.

/** A page answer's HTML as a browser without JavaScript (or a crawler) reads it. */
export interface ServerHtml {
  lang: string | null;
  title: string;
  /** `<meta name>` and `<meta property>` values by name. */
  meta: Record<string, string>;
  canonical: string | null;
  /** Every `<script>`: its type (empty for classic scripts), src, and whether it has inline text. */
  scripts: { type: string; src: string | null; inline: boolean }[];
  /** The text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** The text of `<script type="application/json" id="render-data">`, if any. */
  renderData: string | null;
  /** Inside `#root`: the level 1 and 2 headings' text and every link's href as written. */
  h1: string[];
  h2: string[];
  links: string[];
  /** The text content of `<main>`. */
  mainText: string;
}

/**
 * Parses HTML with the browser's own parser (DOMParser runs no script and loads nothing), so the
 * tests read the server's answer exactly as a browser would, entities and all.
 */
export function readServerHtml(page: Page, html: string): Promise<ServerHtml> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const root = doc.getElementById('root');
    const texts = (selector: string) =>
      [...(root?.querySelectorAll(selector) ?? [])].map((node) => node.textContent ?? '');
    const meta: Record<string, string> = {};
    for (const node of doc.head.querySelectorAll('meta')) {
      const key = node.getAttribute('name') ?? node.getAttribute('property');
      if (key) meta[key] = node.getAttribute('content') ?? '';
    }
    const scripts = [...doc.querySelectorAll('script')];
    return {
      lang: doc.documentElement.getAttribute('lang'),
      title: doc.title,
      meta,
      canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      scripts: scripts.map((script) => ({
        type: script.getAttribute('type') ?? '',
        src: script.getAttribute('src'),
        inline: (script.textContent ?? '').trim() !== '',
      })),
      jsonLd: scripts
        .filter((script) => script.type === 'application/ld+json')
        .map((script) => script.textContent ?? ''),
      renderData: doc.getElementById('render-data')?.textContent ?? null,
      h1: texts('h1'),
      h2: texts('h2'),
      links: [...(root?.querySelectorAll('a[href]') ?? [])].map(
        (link) => link.getAttribute('href') ?? '',
      ),
      mainText: doc.querySelector('main')?.textContent ?? '',
    };
  }, html);
}

/**
 * The language and currency a returning visitor's cookies choose
 * (docs/product/screens.md#languages, the mirror).
 */
export const visitorCookie = (locale: Locale, currency: Currency): string =>
  `i18next=${locale}; currency=${currency}`;

/** A price as the shop formats it (Intl in the page's language), e.g. es + USD: "5,49 US$". */
export const priceText = (amount: number, currency: Currency, locale: Locale): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);

/** Every published offer, as the API lists them (newest first). */
export async function allOffers(
  request: APIRequestContext,
  query: Record<string, string> = {},
): Promise<OfferSummary[]> {
  const offers: OfferSummary[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({
      From: '0',
      To: String(NO_PRICE_LIMIT),
      Currency: 'EUR',
      PageSize: '60',
      Page: String(page),
      ...query,
    });
    const response = await request.get(`${apiPaths.offers}?${params.toString()}`);
    const { items, total } = SearchOffersResponseSchema.parse(await response.json());
    offers.push(...items);
    if (items.length === 0 || offers.length >= total) return offers;
  }
}

/**
 * A picture of the demo catalog the tests can rely on: the oldest offer, which the seed made at
 * start-up. Journeys running alongside add (and may withdraw) newer offers of their own.
 */
export async function demoOffer(request: APIRequestContext): Promise<OfferSummary> {
  const oldest = (await allOffers(request)).at(-1);
  if (!oldest) throw new Error('The demo catalog is empty');
  return oldest;
}

/** The public pages of the storefront, with a real category and picture of the demo catalog. */
export function publicPages(offer: OfferSummary): string[] {
  return [
    paths.home,
    paths.gallery,
    paths.galleryCategory(offer.categoryName),
    paths.picture(offer.urlName),
    paths.create,
    paths.giftCard,
    paths.contact,
    paths.privacyPolicy,
    paths.termsAndConditions,
    paths.login,
    paths.signUp,
    paths.forgotPassword,
    paths.resetPassword,
    paths.notLoggedIn,
    paths.error,
  ];
}

/** A path the shop does not have: its 404 page. */
export const UNKNOWN_PATH = '/no-such-page';
export const UNKNOWN_PICTURE = paths.picture('no-such-picture');
export const UNKNOWN_CATEGORY = paths.galleryCategory('no-such-category');

/** The width of a picture, decoded by the browser from the bytes an address answers with. */
export async function decodedWidth(page: Page, request: APIRequestContext, url: string) {
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`${url} answered ${response.status()}`);
  const type = response.headers()['content-type'] ?? '';
  if (!type.startsWith('image/')) throw new Error(`${url} is ${type}, not a picture`);
  return page.evaluate(
    async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      return (await createImageBitmap(new Blob([bytes]))).width;
    },
    (await response.body()).toString('base64'),
  );
}
