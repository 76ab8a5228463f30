import { describe, expect, it } from 'vitest';
import { ORIENTATIONS, STYLES } from '@pictura/contract';
import { DEMO_CATEGORIES, DEMO_OFFER_COUNT, demoOffer, uniqueUrlNames } from './demo-data.js';
import { prefixQuery } from './text-search.js';

describe('demo catalog data', () => {
  const offers = uniqueUrlNames(Array.from({ length: DEMO_OFFER_COUNT }, (_, i) => demoOffer(i)));

  it('has 8 categories and about 100 offers, each style in each orientation', () => {
    expect(DEMO_CATEGORIES).toHaveLength(8);
    expect(offers.length).toBeGreaterThanOrEqual(90);
    expect(offers.length).toBeLessThanOrEqual(110);
    const pairs = new Set(offers.map((offer) => `${offer.style}/${offer.orientation}`));
    expect(pairs.size).toBe(STYLES.length * ORIENTATIONS.length);
  });

  it('puts offers in every category and gives each a unique url-safe name', () => {
    const used = new Set(offers.map((offer) => offer.categoryUrlName));
    expect([...used].sort()).toEqual(DEMO_CATEGORIES.map((category) => category.urlName).sort());
    expect(new Set(offers.map((offer) => offer.urlName)).size).toBe(offers.length);
    for (const offer of offers) expect(offer.urlName).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('prices both variants in EUR and USD, the full one above the standard one', () => {
    for (const { prices } of offers) {
      expect(prices.standard.EUR).toBeGreaterThan(0);
      expect(prices.standard.USD).toBeGreaterThan(0);
      expect(prices.full.EUR).toBeGreaterThan(prices.standard.EUR);
      expect(prices.full.USD).toBeGreaterThan(prices.standard.USD);
    }
  });

  it('is the same every time', () => {
    expect(demoOffer(17)).toEqual(demoOffer(17));
  });
});

describe('prefixQuery', () => {
  it('turns the words into a prefix query and drops everything else', () => {
    expect(prefixQuery('Red fo')).toBe('red:* & fo:*');
    expect(prefixQuery("it's: a&b | !c")).toBe('it:* & s:* & a:* & b:* & c:*');
    expect(prefixQuery('café 東京')).toBe('café:* & 東京:*');
    expect(prefixQuery(' !:*& ')).toBeUndefined();
  });
});
