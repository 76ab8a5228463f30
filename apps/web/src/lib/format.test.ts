import { describe, expect, it } from 'vitest';
import { parseMinorUnits } from '@pictura/contract';
import { currencySymbol, formatAmountInput, formatDate, formatPrice } from './format';

describe('formatPrice: minor units as a price in the active language', () => {
  it.each([
    ['en', { amount: 1250, currency: 'EUR' }, '€12.50'],
    ['en', { amount: 99, currency: 'USD' }, '$0.99'],
    ['es', { amount: 123456, currency: 'EUR' }, '1234,56 €'],
    ['es', { amount: 1250, currency: 'USD' }, '12,50 US$'],
    ['ja', { amount: 1250, currency: 'EUR' }, '€12.50'],
    ['ja', { amount: 1250, currency: 'USD' }, '$12.50'],
  ] as const)('%s %o → %s', (locale, money, text) => {
    // Intl separates number and symbol with a no-break space; compare with plain spaces.
    expect(formatPrice(money, locale).replace(/\s/g, ' ')).toBe(text);
  });

  it('is exact for amounts beyond what a float of major units holds', () => {
    expect(formatPrice({ amount: 9_007_199_254_740_991, currency: 'EUR' }, 'en')).toBe(
      '€90,071,992,547,409.91',
    );
  });
});

describe('formatAmountInput', () => {
  it('writes major units with the language decimal mark, which parseMinorUnits reads back', () => {
    for (const locale of ['en', 'es', 'ja']) {
      const text = formatAmountInput({ amount: 123456, currency: 'EUR' }, locale);
      expect(text).toBe(locale === 'es' ? '1234,56' : '1234.56');
      expect(parseMinorUnits(text, 'EUR')).toBe(123456);
    }
  });
});

describe('currencySymbol and formatDate', () => {
  it('names the symbol as the language writes it', () => {
    expect(currencySymbol('EUR', 'en')).toBe('€');
    expect(currencySymbol('USD', 'es')).toBe('US$');
  });

  it('formats a date per language and ignores an unreadable one', () => {
    expect(formatDate('2025-03-04T10:00:00Z', 'en')).toBe('Mar 4, 2025');
    expect(formatDate('2025-03-04T10:00:00Z', 'ja')).toBe('2025/03/04');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
