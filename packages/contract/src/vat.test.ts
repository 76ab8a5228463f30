import { describe, expect, it } from 'vitest';
import { EU_STANDARD_VAT_BASIS_POINTS, vatIncluded, vatRateFor } from './vat.js';

/** The 27 member states (ISO 3166-1 alpha-2), as of 2025. */
const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

describe('VAT rates', () => {
  it('has a standard rate for every EU member state, and for nothing else', () => {
    expect(Object.keys(EU_STANDARD_VAT_BASIS_POINTS).sort()).toEqual(EU_MEMBER_STATES);
    for (const rate of Object.values(EU_STANDARD_VAT_BASIS_POINTS)) {
      // Every standard rate is at least the directive's 15 % and none is above 27 %.
      expect(rate).toBeGreaterThanOrEqual(1500);
      expect(rate).toBeLessThanOrEqual(2700);
    }
  });

  it("charges the buyer's EU country's rate and none outside the EU", () => {
    expect(vatRateFor('DE')).toBe(1900);
    expect(vatRateFor(' fi ')).toBe(2550);
    expect(vatRateFor('US')).toBe(0);
    expect(vatRateFor('GB')).toBe(0);
    expect(vatRateFor('CH')).toBe(0);
  });
});

describe('VAT included in a price', () => {
  it('takes gross × rate / (1 + rate), rounded to the nearest cent', () => {
    expect(vatIncluded(1190, 1900)).toBe(190);
    expect(vatIncluded(500, 1900)).toBe(80); // 79.83
    expect(vatIncluded(999, 2100)).toBe(173); // 173.38
    expect(vatIncluded(1255, 2550)).toBe(255); // 254.98
    expect(vatIncluded(0, 2000)).toBe(0);
    expect(vatIncluded(500, 0)).toBe(0);
  });

  it('rounds a half cent up', () => {
    // 1 at 100 %: 0.5, so 1.
    expect(vatIncluded(1, 10_000)).toBe(1);
    // 3 at 100 %: 1.5, so 2.
    expect(vatIncluded(3, 10_000)).toBe(2);
  });

  it('refuses what is not an amount in minor units', () => {
    expect(() => vatIncluded(-1, 1900)).toThrow(RangeError);
    expect(() => vatIncluded(1.5, 1900)).toThrow(RangeError);
  });
});
