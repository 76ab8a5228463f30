import { describe, expect, it } from 'vitest';
import { SearchOffersQuerySchema } from '@pictura/contract';
import {
  DEFAULT_FILTERS,
  narrowsResults,
  offerSearchFor,
  PRICE_UNBOUNDED_TO,
  readFilters,
  writeFilters,
} from './filters';

const read = (query: string) => readFilters(new URLSearchParams(query), 'EUR');

describe('gallery filters in the address', () => {
  it('reads every filter and writes the same address back', () => {
    const query = 'sort=LowToHigh&orientation=Vertical&style=Anime&from=500&to=2500&q=red+fox';
    const filters = read(query);
    expect(filters).toEqual({
      sort: 'LowToHigh',
      orientation: 'Vertical',
      style: 'Anime',
      from: 500,
      to: 2500,
      search: 'red fox',
    });
    expect(writeFilters(filters).toString()).toBe(query);
  });

  it('leaves defaults out of the address', () => {
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe('');
    expect(read('')).toEqual(DEFAULT_FILTERS);
  });

  it('reads the filter form as a browser sends it, prices typed in major units', () => {
    const sent = 'q=red+fox&sort=LowToHigh&orientation=&style=Anime&price-from=5&price-to=25%2C50';
    expect(read(sent)).toEqual({
      sort: 'LowToHigh',
      orientation: null,
      style: 'Anime',
      from: 500,
      to: 2550,
      search: 'red fox',
    });
    expect(readFilters(new URLSearchParams('price-from=12'), 'USD').from).toBe(1200);
    // The app's own bounds, in minor units, win; a malformed typed bound is no bound.
    expect(read('from=700&price-from=5&price-to=abc')).toMatchObject({ from: 700, to: null });
  });

  it('ignores unknown or malformed values instead of failing', () => {
    expect(
      read('sort=Cheapest&orientation=vertical&style=Baroque&from=1e3&to=-5&q=%20%20'),
    ).toEqual(DEFAULT_FILTERS);
    expect(read(`to=${PRICE_UNBOUNDED_TO + 1}`).to).toBeNull();
  });

  it('reads style None as no style filter, as the API does', () => {
    expect(read('style=None').style).toBeNull();
  });

  it('swaps a price range given the wrong way round', () => {
    expect(read('from=3000&to=1000')).toMatchObject({ from: 1000, to: 3000 });
  });

  it('knows whether anything narrows the results (sorting does not)', () => {
    expect(narrowsResults(read('sort=HighToLow'))).toBe(false);
    expect(narrowsResults(read('from=100'))).toBe(true);
    expect(narrowsResults(read('q=fox'))).toBe(true);
  });
});

describe('offerSearchFor: the API query', () => {
  it('sends the required From, To and Currency even without a price filter', () => {
    const search = offerSearchFor(DEFAULT_FILTERS, 'EUR', null);
    expect(search).toMatchObject({ From: 0, To: PRICE_UNBOUNDED_TO, Currency: 'EUR' });
    expect(search.Category).toBeUndefined();
    expect(SearchOffersQuerySchema.safeParse({ ...search, Page: 1 }).success).toBe(true);
  });

  it('carries filters, category and currency in the names the API spells', () => {
    const search = offerSearchFor(
      read('orientation=Square&style=Nature&from=100&q=sea'),
      'USD',
      'landscapes',
    );
    expect(search).toMatchObject({
      Sort: 'NewToOld',
      Orientation: 'Square',
      Style: 'Nature',
      From: 100,
      To: PRICE_UNBOUNDED_TO,
      Currency: 'USD',
      Category: 'landscapes',
      Search: 'sea',
    });
  });
});
