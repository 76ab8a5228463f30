import { describe, expect, it } from 'vitest';
import {
  OFFER_ATTRIBUTE_LOOKUP_MAX,
  OfferAttributeLookupQuerySchema,
  OfferAttributeLookupSchema,
} from './offers.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('OfferAttributeLookupQuerySchema (GET /api/offers/attributes?Ids&Currency)', () => {
  it('reads comma-separated and repeated ids, each once', () => {
    expect(OfferAttributeLookupQuerySchema.parse({ Ids: '3, 1,3', Currency: 'EUR' })).toEqual({
      Ids: [3, 1],
      Currency: 'EUR',
    });
    expect(OfferAttributeLookupQuerySchema.parse({ Ids: ['2', '5,6'], Currency: 'USD' })).toEqual({
      Ids: [2, 5, 6],
      Currency: 'USD',
    });
  });

  it('refuses no ids, ids that are not whole positive numbers, too many, and no currency', () => {
    const parse = (query: object) => OfferAttributeLookupQuerySchema.safeParse(query);
    expect(pathsOf(parse({ Ids: '', Currency: 'EUR' }))).toEqual(['Ids']);
    expect(pathsOf(parse({ Ids: '1,x', Currency: 'EUR' }))).toEqual(['Ids.1']);
    expect(pathsOf(parse({ Ids: '-1', Currency: 'EUR' }))).toEqual(['Ids.0']);
    expect(pathsOf(parse({ Ids: '0x10', Currency: 'EUR' }))).toEqual(['Ids.0']);
    const tooMany = Array.from({ length: OFFER_ATTRIBUTE_LOOKUP_MAX + 1 }, (_, i) => i + 1);
    expect(pathsOf(parse({ Ids: tooMany.join(','), Currency: 'EUR' }))).toEqual(['Ids']);
    expect(pathsOf(parse({ Ids: '1' }))).toEqual(['Currency']);
  });
});

describe('OfferAttributeLookupSchema', () => {
  it('describes a variant with its offer, price and picture', () => {
    const lookup = {
      id: 11,
      offerId: 1,
      urlName: 'red-fox',
      title: 'Red Fox',
      kind: 'standard',
      price: { amount: 500, currency: 'EUR' },
      image: { width: 10, height: 10, placeholder: 'data:', previews: [], share: '/share.jpg' },
    };
    expect(OfferAttributeLookupSchema.parse(lookup)).toEqual(lookup);
  });
});
