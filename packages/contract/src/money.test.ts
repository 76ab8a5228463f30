import { describe, expect, it } from 'vitest';
import { formatMinorUnits, MINOR_UNIT_DIGITS, parseMinorUnits } from './money-format.js';
import { addMoney, MinorUnitsSchema, money, MoneySchema } from './money.js';

describe('MinorUnitsSchema', () => {
  it.each([0, 1, -1, 1250, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])('accepts %d', (n) => {
    expect(MinorUnitsSchema.parse(n)).toBe(n);
  });

  it.each([
    0.5,
    12.5,
    Number.MAX_SAFE_INTEGER + 1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '12',
    null,
    undefined,
  ])('refuses %s: money is never a fraction of a minor unit', (n) => {
    expect(MinorUnitsSchema.safeParse(n).success).toBe(false);
  });
});

describe('MoneySchema', () => {
  it('accepts an integer amount with a currency', () => {
    expect(MoneySchema.parse({ amount: 1250, currency: 'USD' })).toEqual({
      amount: 1250,
      currency: 'USD',
    });
  });

  it('refuses an unknown currency, a float amount and extra keys', () => {
    const result = MoneySchema.safeParse({ amount: 1.5, currency: 'GBP', note: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.') || i.code).sort()).toEqual([
      'amount',
      'currency',
      'unrecognized_keys',
    ]);
  });
});

describe('MINOR_UNIT_DIGITS', () => {
  it('has two decimal places for EUR and USD', () => {
    expect(MINOR_UNIT_DIGITS).toEqual({ EUR: 2, USD: 2 });
  });
});

describe('money', () => {
  it('builds a money value', () => {
    expect(money(500, 'EUR')).toEqual({ amount: 500, currency: 'EUR' });
    expect(money(-20, 'USD')).toEqual({ amount: -20, currency: 'USD' });
  });

  it('throws on a fractional amount or an unknown currency', () => {
    expect(() => money(0.1, 'EUR')).toThrow();
    expect(() => money(1, 'GBP' as never)).toThrow();
  });
});

describe('addMoney', () => {
  it('adds two amounts of the same currency exactly', () => {
    expect(addMoney(money(10, 'EUR'), money(20, 'EUR'))).toEqual({ amount: 30, currency: 'EUR' });
    expect(addMoney(money(1999, 'USD'), money(-2000, 'USD'))).toEqual({
      amount: -1,
      currency: 'USD',
    });
  });

  it('refuses to add different currencies', () => {
    expect(() => addMoney(money(1, 'EUR'), money(1, 'USD'))).toThrow('Cannot add EUR to USD');
    expect(() => addMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow('Cannot add USD to EUR');
  });

  it('throws when the sum leaves the safe integer range', () => {
    expect(() => addMoney(money(Number.MAX_SAFE_INTEGER, 'EUR'), money(1, 'EUR'))).toThrow();
  });
});

describe('formatMinorUnits', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [9, '0.09'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [1250, '12.50'],
    [100_000, '1000.00'],
    [123_456_789, '1234567.89'],
    [-1, '-0.01'],
    [-99, '-0.99'],
    [-100, '-1.00'],
    [-1250, '-12.50'],
    [-0, '0.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('formats %d as %s', (amount, text) => {
    expect(formatMinorUnits(amount, 'EUR')).toBe(text);
    expect(formatMinorUnits(amount, 'USD')).toBe(text);
  });

  it.each([1.5, 0.1, -2.25, Number.NaN, Number.POSITIVE_INFINITY, 1e21])(
    'refuses %s, which is not an amount in minor units',
    (amount) => {
      expect(() => formatMinorUnits(amount, 'EUR')).toThrow(RangeError);
    },
  );
});

describe('parseMinorUnits', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['12,5', 1250],
    ['12,50', 1250],
    ['0.01', 1],
    ['0,09', 9],
    ['007', 700],
    ['  3.10  ', 310],
    ['999999999999.99', 99_999_999_999_999],
  ])('parses %j as %d', (text, amount) => {
    expect(parseMinorUnits(text, 'EUR')).toBe(amount);
    expect(parseMinorUnits(text, 'USD')).toBe(amount);
  });

  it.each([
    ['too many decimals', '12.345'],
    ['too many decimals with a comma', '0,001'],
    ['empty', ''],
    ['blank', '   '],
    ['letters', 'abc'],
    ['trailing letters', '12abc'],
    ['a currency sign', '€12'],
    ['a negative amount', '-5'],
    ['a plus sign', '+5'],
    ['a thousands separator', '1,234.56'],
    ['two separators', '1.2.3'],
    ['a dangling separator', '12.'],
    ['no whole part', '.5'],
    ['an exponent', '1e3'],
    ['hexadecimal', '0x10'],
    ['inner spaces', '1 000'],
    ['more than twelve whole digits', '1234567890123'],
  ])('returns null for %s (%j)', (_label, text) => {
    expect(parseMinorUnits(text, 'EUR')).toBeNull();
  });

  it('round-trips with formatMinorUnits', () => {
    for (const amount of [0, 1, 10, 99, 100, 1250, 500_000]) {
      expect(parseMinorUnits(formatMinorUnits(amount, 'EUR'), 'EUR')).toBe(amount);
    }
  });
});
