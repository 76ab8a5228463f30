import { describe, expect, it } from 'vitest';
import {
  CurrencySchema,
  LocaleSchema,
  OrientationSchema,
  SortSchema,
  StyleSchema,
  SupportTicketTypeSchema,
} from './enum-schemas.js';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  isOneOf,
  LOCALES,
  ORIENTATIONS,
  SORTS,
  STYLES,
  SUPPORT_TICKET_TYPES,
} from './enums.js';

// docs/product/api.md#enumerations and the locales of docs/product/messages.md#constants,
// spelt and ordered exactly.
const cases = [
  {
    name: 'support topic',
    values: SUPPORT_TICKET_TYPES,
    schema: SupportTicketTypeSchema,
    expected: [
      'ImageGeneration',
      'PurchasePaymentIssues',
      'TechnicalSupport',
      'CommercialUseInquiries',
      'Other',
    ],
  },
  {
    name: 'style',
    values: STYLES,
    schema: StyleSchema,
    expected: [
      'None',
      'Anime',
      'Cyberpunk',
      'Dreamscape',
      'Exclusive',
      'Hyperrealism',
      'Vintage',
      'FlatDesign',
      'Futuristic',
      'HandDrawn',
      'ModernGeometric',
      'Nature',
      'PopArt',
      'PopCulture',
      'Typography',
      'UrbanStreetArt',
      'AbstractArt',
    ],
  },
  { name: 'currency', values: CURRENCIES, schema: CurrencySchema, expected: ['EUR', 'USD'] },
  {
    name: 'orientation',
    values: ORIENTATIONS,
    schema: OrientationSchema,
    expected: ['Vertical', 'Horizontal', 'Square'],
  },
  {
    name: 'sort',
    values: SORTS,
    schema: SortSchema,
    expected: ['NewToOld', 'LowToHigh', 'HighToLow'],
  },
  { name: 'locale', values: LOCALES, schema: LocaleSchema, expected: ['en', 'es', 'ja'] },
] as const;

describe.each(cases)('$name enumeration', ({ values, schema, expected }) => {
  it('lists every value of the spec, spelt and ordered exactly', () => {
    expect([...values]).toEqual(expected);
  });

  it('the schema offers exactly those values', () => {
    expect(schema.options).toEqual(expected);
  });

  it.each(expected)('accepts %s', (value) => {
    expect(schema.parse(value)).toBe(value);
  });

  it('refuses other spellings, other types and unknown values', () => {
    for (const value of expected) {
      expect(
        schema.safeParse(value.toLowerCase() === value ? value.toUpperCase() : value.toLowerCase())
          .success,
      ).toBe(false);
      expect(schema.safeParse(` ${value}`).success).toBe(false);
    }
    for (const value of ['', 'Unknown', 0, null, undefined, {}]) {
      expect(schema.safeParse(value).success).toBe(false);
    }
  });

  it('isOneOf agrees with the schema on every value the schema was tried with', () => {
    const candidates = [
      ...expected,
      ...expected.map((value) => value.toLowerCase()),
      ...expected.map((value) => ` ${value}`),
      '',
      'Unknown',
      'toString',
      0,
      null,
      undefined,
      {},
      [expected[0]],
    ];
    for (const value of candidates) {
      expect(isOneOf(values, value)).toBe(schema.safeParse(value).success);
    }
  });

  it('reports an invalid value with the allowed options', () => {
    const result = schema.safeParse('Nope');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'invalid_value', path: [], values: expected }),
    ]);
  });
});

describe('defaults', () => {
  it('the default currency is EUR (docs/product/messages.md#constants)', () => {
    expect(DEFAULT_CURRENCY).toBe('EUR');
  });

  it('the default locale is en and is one of the locales', () => {
    expect(DEFAULT_LOCALE).toBe('en');
    expect(LOCALES).toContain(DEFAULT_LOCALE);
  });
});
