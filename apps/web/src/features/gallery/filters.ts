import {
  isOneOf,
  OFFERS_PAGE_SIZE_DEFAULT,
  parseMinorUnits,
  ORIENTATIONS,
  SORTS,
  STYLES,
  type Currency,
  type Orientation,
  type SearchOffersQuery,
  type Sort,
  type Style,
} from '@pictura/contract';

/**
 * The gallery's filters live in the address (`/gallery?sort=LowToHigh&style=Anime&from=500`), so a
 * reload or a shared link shows the same selection. Prices in the address are minor units of the
 * active currency, as the API takes them; only the form shows them in major units.
 */
export interface GalleryFilters {
  sort: Sort;
  orientation: Orientation | null;
  /** Never 'None': the API reads Style=None as "no style filter", which `null` already says. */
  style: Style | null;
  from: number | null;
  to: number | null;
  search: string;
}

export const DEFAULT_FILTERS: GalleryFilters = {
  sort: 'NewToOld',
  orientation: null,
  style: null,
  from: null,
  to: null,
  search: '',
};

export const FILTER_PARAMS = {
  sort: 'sort',
  orientation: 'orientation',
  style: 'style',
  from: 'from',
  to: 'to',
  search: 'q',
} as const;

/**
 * From and To are required by the API (docs/product/api.md#required-query-parameters); an open
 * upper end is sent as the largest PostgreSQL `integer`, so it is valid whatever column type the
 * prices use.
 */
export const PRICE_UNBOUNDED_TO = 2_147_483_647;

/**
 * The filter form's price fields, in major units as typed: the names a browser puts in the address
 * when it sends the form itself, before the app runs (the app writes `from` and `to` instead).
 */
export const TYPED_PRICE_PARAMS = { from: 'price-from', to: 'price-to' } as const;

const SEARCH_MAX_LENGTH = 200;

function minorUnits(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const amount = Number(value);
  return amount <= PRICE_UNBOUNDED_TO ? amount : null;
}

/**
 * `?page=3`: the results from their third page on. "Load more" is a link to the next page, which
 * the app follows without leaving the page (it adds the results below); crawlers and browsers
 * without JavaScript follow it to that page as the server renders it, and so reach every offer.
 */
export const PAGE_PARAM = 'page';
const MAX_PAGE = 10_000;

/** The page the results start at: 1 unless the address names a valid other one. */
export function readFirstPage(params: URLSearchParams): number {
  const value = params.get(PAGE_PARAM) ?? '';
  const page = /^\d{1,5}$/.test(value) ? Number(value) : 1;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** A bound in minor units, else one typed into the form in major units of `currency`. */
function priceBound(params: URLSearchParams, bound: 'from' | 'to', currency: Currency) {
  const typed = params.get(TYPED_PRICE_PARAMS[bound])?.trim();
  if (params.has(FILTER_PARAMS[bound]) || !typed)
    return minorUnits(params.get(FILTER_PARAMS[bound]));
  const amount = parseMinorUnits(typed, currency);
  return amount !== null && amount <= PRICE_UNBOUNDED_TO ? amount : null;
}

/**
 * Reads the filters from a query string, the app's or the filter form's as a browser sends it;
 * unknown or malformed values fall back to the default.
 */
export function readFilters(params: URLSearchParams, currency: Currency): GalleryFilters {
  const sort = params.get(FILTER_PARAMS.sort);
  const orientation = params.get(FILTER_PARAMS.orientation);
  const style = params.get(FILTER_PARAMS.style);
  let from = priceBound(params, 'from', currency);
  let to = priceBound(params, 'to', currency);
  // A hand-edited address with the bounds swapped still means the range between them.
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  return {
    sort: isOneOf(SORTS, sort) ? sort : DEFAULT_FILTERS.sort,
    orientation: isOneOf(ORIENTATIONS, orientation) ? orientation : null,
    style: isOneOf(STYLES, style) && style !== 'None' ? style : null,
    from,
    to,
    search: (params.get(FILTER_PARAMS.search) ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
  };
}

/** The query string for these filters; defaults are left out so plain links stay plain. */
export function writeFilters(filters: GalleryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set(FILTER_PARAMS.sort, filters.sort);
  if (filters.orientation) params.set(FILTER_PARAMS.orientation, filters.orientation);
  if (filters.style) params.set(FILTER_PARAMS.style, filters.style);
  if (filters.from !== null) params.set(FILTER_PARAMS.from, String(filters.from));
  if (filters.to !== null) params.set(FILTER_PARAMS.to, String(filters.to));
  const search = filters.search.trim();
  if (search) params.set(FILTER_PARAMS.search, search);
  return params;
}

/** True when anything narrows the results (the sort order does not). */
export function narrowsResults(filters: GalleryFilters): boolean {
  return (
    filters.orientation !== null ||
    filters.style !== null ||
    filters.from !== null ||
    filters.to !== null ||
    filters.search.trim() !== ''
  );
}

/** A search without its page number: what one gallery view asks for, page after page. */
export type OfferSearch = Omit<SearchOffersQuery, 'Page'>;

export function offerSearchFor(
  filters: GalleryFilters,
  currency: Currency,
  category: string | null,
): OfferSearch {
  const search = filters.search.trim();
  return {
    Sort: filters.sort,
    Orientation: filters.orientation ?? undefined,
    Style: filters.style ?? undefined,
    From: filters.from ?? 0,
    To: filters.to ?? PRICE_UNBOUNDED_TO,
    Currency: currency,
    Category: category ?? undefined,
    Search: search === '' ? undefined : search,
    PageSize: OFFERS_PAGE_SIZE_DEFAULT,
  };
}
