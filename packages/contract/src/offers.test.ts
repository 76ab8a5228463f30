import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  LATEST_OFFERS_LIMIT,
  OFFER_ATTRIBUTE_KINDS,
  OFFERS_PAGE_SIZE_DEFAULT,
  OFFERS_PAGE_SIZE_MAX,
  PREVIEW_FORMATS,
  PREVIEW_WIDTHS,
} from './offer-constants.js';
import {
  GetOneOfferQuerySchema,
  LatestOffersQuerySchema,
  OfferAttributeSchema,
  OfferDetailSchema,
  OfferImageSchema,
  OfferListSchema,
  OfferSummarySchema,
  PriceRangeSchema,
  SearchOffersQuerySchema,
  SearchOffersResponseSchema,
} from './offers.js';

const issuesOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
const pathsOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('LatestOffersQuerySchema (GET /api/offers/latest?Currency)', () => {
  it('accepts Currency spelt with a capital C', () => {
    expect(LatestOffersQuerySchema.parse({ Currency: 'USD' })).toEqual({ Currency: 'USD' });
  });

  it('refuses a missing, lower-case-named or unknown currency', () => {
    expect(pathsOf(LatestOffersQuerySchema.safeParse({}))).toEqual(['Currency']);
    expect(pathsOf(LatestOffersQuerySchema.safeParse({ currency: 'USD' }))).toEqual(['Currency']);
    expect(pathsOf(LatestOffersQuerySchema.safeParse({ Currency: 'usd' }))).toEqual(['Currency']);
  });
});

describe('GetOneOfferQuerySchema (GET /api/offers/get-one?UrlName&Currency)', () => {
  it('accepts and trims UrlName', () => {
    expect(GetOneOfferQuerySchema.parse({ UrlName: ' red-fox ', Currency: 'EUR' })).toEqual({
      UrlName: 'red-fox',
      Currency: 'EUR',
    });
  });

  it('refuses a missing, blank or too long UrlName and a missing Currency', () => {
    expect(pathsOf(GetOneOfferQuerySchema.safeParse({}))).toEqual(['UrlName', 'Currency']);
    expect(pathsOf(GetOneOfferQuerySchema.safeParse({ urlName: 'x', Currency: 'EUR' }))).toEqual([
      'UrlName',
    ]);
    expect(pathsOf(GetOneOfferQuerySchema.safeParse({ UrlName: '  ', Currency: 'EUR' }))).toEqual([
      'UrlName',
    ]);
    expect(
      pathsOf(GetOneOfferQuerySchema.safeParse({ UrlName: 'u'.repeat(201), Currency: 'EUR' })),
    ).toEqual(['UrlName']);
  });
});

describe('SearchOffersQuerySchema (GET /api/offers?Sort&Orientation&Style&From&To&Currency)', () => {
  const query = { From: '0', To: '5000', Currency: 'EUR' };

  it('takes the query names spelt exactly, coerces numeric strings and fills defaults', () => {
    expect(SearchOffersQuerySchema.parse(query)).toEqual({
      Sort: 'NewToOld',
      From: 0,
      To: 5000,
      Currency: 'EUR',
      Page: 1,
      PageSize: OFFERS_PAGE_SIZE_DEFAULT,
    });
  });

  it('accepts every parameter', () => {
    const full = {
      ...query,
      Sort: 'HighToLow',
      Orientation: 'Square',
      Style: 'None',
      Category: ' Nature ',
      Search: ' fox ',
      Page: '3',
      PageSize: '60',
    };
    expect(SearchOffersQuerySchema.parse(full)).toEqual({
      Sort: 'HighToLow',
      Orientation: 'Square',
      Style: 'None',
      From: 0,
      To: 5000,
      Currency: 'EUR',
      Category: 'Nature',
      Search: 'fox',
      Page: 3,
      PageSize: 60,
    });
  });

  it('accepts numbers as well as numeric strings', () => {
    const parsed = SearchOffersQuerySchema.parse({
      From: 100,
      To: 200,
      Currency: 'USD',
      Page: 2,
      PageSize: 10,
    });
    expect([parsed.From, parsed.To, parsed.Page, parsed.PageSize]).toEqual([100, 200, 2, 10]);
  });

  it.each([
    ['From', { To: '10', Currency: 'EUR' }],
    ['To', { From: '0', Currency: 'EUR' }],
    ['Currency', { From: '0', To: '10' }],
  ])('refuses a missing %s (docs/product/api.md#required-query-parameters)', (name, input) => {
    expect(pathsOf(SearchOffersQuerySchema.safeParse(input))).toEqual([name]);
  });

  it('treats an empty From or To as missing, not as 0', () => {
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, From: '' }))).toEqual(['From']);
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, To: '  ' }))).toEqual(['To']);
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, From: null }))).toEqual(['From']);
  });

  it('gives an empty Page or PageSize its default', () => {
    const parsed = SearchOffersQuerySchema.parse({ ...query, Page: '', PageSize: '' });
    expect([parsed.Page, parsed.PageSize]).toEqual([1, OFFERS_PAGE_SIZE_DEFAULT]);
  });

  it.each(['abc', '1.5', '1e3', '0x10', '12abc', 'Infinity', '1,5'])(
    'refuses the number %j',
    (text) => {
      const result = SearchOffersQuerySchema.safeParse({
        ...query,
        From: text,
        To: text,
        Page: text,
        PageSize: text,
      });
      expect(pathsOf(result)).toEqual(['From', 'To', 'Page', 'PageSize']);
    },
  );

  it('refuses negative prices', () => {
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, From: '-1' }))).toEqual(['From']);
  });

  it('accepts From equal to To and refuses From greater than To', () => {
    expect(SearchOffersQuerySchema.safeParse({ ...query, From: '500', To: '500' }).success).toBe(
      true,
    );
    expect(
      issuesOf(SearchOffersQuerySchema.safeParse({ ...query, From: '501', To: '500' })),
    ).toEqual(['From: From must not be greater than To']);
  });

  it('compares From and To as numbers, not as text', () => {
    expect(SearchOffersQuerySchema.safeParse({ ...query, From: '9', To: '10' }).success).toBe(true);
  });

  it('accepts PageSize up to 60 and refuses 0 and 61', () => {
    expect(OFFERS_PAGE_SIZE_MAX).toBe(60);
    expect(SearchOffersQuerySchema.parse({ ...query, PageSize: '1' }).PageSize).toBe(1);
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, PageSize: '61' }))).toEqual([
      'PageSize',
    ]);
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, PageSize: '0' }))).toEqual([
      'PageSize',
    ]);
  });

  it('accepts Page 1 to 10000 and refuses 0 and 10001', () => {
    expect(SearchOffersQuerySchema.parse({ ...query, Page: '10000' }).Page).toBe(10_000);
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, Page: '0' }))).toEqual(['Page']);
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, Page: '10001' }))).toEqual([
      'Page',
    ]);
  });

  it.each([
    ['Sort', 'newToOld'],
    ['Orientation', 'Portrait'],
    ['Style', 'Abstract'],
    ['Currency', 'GBP'],
  ])('refuses an invalid %s', (name, value) => {
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, [name]: value }))).toEqual([name]);
  });

  it('refuses a blank Category and a Search over 200 characters', () => {
    expect(pathsOf(SearchOffersQuerySchema.safeParse({ ...query, Category: ' ' }))).toEqual([
      'Category',
    ]);
    expect(
      pathsOf(SearchOffersQuerySchema.safeParse({ ...query, Search: 's'.repeat(201) })),
    ).toEqual(['Search']);
    expect(SearchOffersQuerySchema.parse({ ...query, Search: '' }).Search).toBe('');
  });
});

const image = {
  width: 1024,
  height: 768,
  placeholder: 'data:image/webp;base64,AAAA',
  previews: [
    { width: 320, format: 'webp', url: '/images/1-320.webp' },
    { width: 640, format: 'avif', url: '/images/1-640.avif' },
  ],
  share: '/images/1/share.jpg',
};
const summary = {
  id: 1,
  urlName: 'red-fox',
  title: 'Red fox',
  style: 'Nature',
  orientation: 'Horizontal',
  categoryName: 'Animals',
  createdAt: '2024-05-01T10:00:00.000Z',
  price: { amount: 1500, currency: 'EUR' },
  image,
};
const attribute = {
  id: 11,
  kind: 'size',
  name: '30x40 cm',
  price: { amount: 2500, currency: 'EUR' },
};
const detail = {
  ...summary,
  description: 'A fox.',
  tags: ['fox', 'forest'],
  attributes: [attribute],
};

describe('offer response schemas', () => {
  it('OfferImageSchema accepts an image and refuses an unknown format or a zero size', () => {
    expect(OfferImageSchema.parse(image)).toEqual(image);
    const bad = { ...image, width: 0, previews: [{ width: 320, format: 'png', url: '/x.png' }] };
    expect(pathsOf(OfferImageSchema.safeParse(bad))).toEqual(['width', 'previews.0.format']);
  });

  it('OfferSummarySchema accepts a summary and checks its enums and money', () => {
    expect(OfferSummarySchema.parse(summary)).toEqual(summary);
    const bad = {
      ...summary,
      style: 'nature',
      orientation: 'Portrait',
      price: { amount: 15.5, currency: 'EUR' },
    };
    expect(pathsOf(OfferSummarySchema.safeParse(bad))).toEqual([
      'style',
      'orientation',
      'price.amount',
    ]);
  });

  it('OfferAttributeSchema accepts an attribute and refuses a non-positive id', () => {
    expect(OfferAttributeSchema.parse(attribute)).toEqual(attribute);
    expect(pathsOf(OfferAttributeSchema.safeParse({ ...attribute, id: 0 }))).toEqual(['id']);
    expect(pathsOf(OfferAttributeSchema.safeParse({ ...attribute, price: { amount: 1 } }))).toEqual(
      ['price.currency'],
    );
  });

  it('OfferDetailSchema extends the summary with description, tags and attributes', () => {
    expect(OfferDetailSchema.parse(detail)).toEqual(detail);
    expect(pathsOf(OfferDetailSchema.safeParse(summary))).toEqual([
      'description',
      'tags',
      'attributes',
    ]);
    expect(pathsOf(OfferDetailSchema.safeParse({ ...detail, tags: [1] }))).toEqual(['tags.0']);
  });

  it('OfferListSchema accepts a list of summaries, empty or not', () => {
    expect(OfferListSchema.parse([])).toEqual([]);
    expect(OfferListSchema.parse([summary, { ...summary, id: 2 }])).toHaveLength(2);
    expect(pathsOf(OfferListSchema.safeParse([summary, { ...summary, title: undefined }]))).toEqual(
      ['1.title'],
    );
  });

  it('SearchOffersResponseSchema accepts a page and refuses a bad total or page', () => {
    const page = { items: [summary], total: 1, page: 1, pageSize: 24 };
    expect(SearchOffersResponseSchema.parse(page)).toEqual(page);
    expect(SearchOffersResponseSchema.parse({ ...page, items: [], total: 0 }).total).toBe(0);
    const bad = { ...page, total: -1, page: 0, pageSize: 0 };
    expect(pathsOf(SearchOffersResponseSchema.safeParse(bad))).toEqual([
      'total',
      'page',
      'pageSize',
    ]);
  });

  it('PriceRangeSchema accepts integer bounds and refuses fractions', () => {
    expect(PriceRangeSchema.parse({ from: 500, to: 9900 })).toEqual({ from: 500, to: 9900 });
    expect(pathsOf(PriceRangeSchema.safeParse({ from: 5.5, to: '9900' }))).toEqual(['from', 'to']);
  });
});

describe('catalog constants', () => {
  it('name the latest list length, preview sizes and formats, and variant kinds', () => {
    expect(LATEST_OFFERS_LIMIT).toBe(12);
    expect(PREVIEW_WIDTHS).toEqual([320, 640, 960, 1280]);
    expect(PREVIEW_FORMATS).toEqual(['webp', 'avif']);
    expect(OFFER_ATTRIBUTE_KINDS).toEqual(['standard', 'full']);
  });
});
