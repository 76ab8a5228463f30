import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BalanceQuerySchema, BalanceResponseSchema, GiftCardRedemptionSchema } from './balance.js';

const pathsOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('BalanceQuerySchema (POST /api/balance {currency})', () => {
  it.each(['EUR', 'USD'])('accepts %s', (currency) => {
    expect(BalanceQuerySchema.parse({ currency })).toEqual({ currency });
  });

  it('refuses a missing or unknown currency, and extra keys', () => {
    expect(pathsOf(BalanceQuerySchema.safeParse({}))).toEqual(['currency']);
    expect(pathsOf(BalanceQuerySchema.safeParse({ currency: 'usd' }))).toEqual(['currency']);
    expect(pathsOf(BalanceQuerySchema.safeParse({ Currency: 'USD' }))).toEqual(['currency', '']);
  });
});

describe('BalanceResponseSchema', () => {
  it('accepts a zero or positive amount in minor units', () => {
    expect(BalanceResponseSchema.parse({ currency: 'EUR', amount: 0 })).toEqual({
      currency: 'EUR',
      amount: 0,
    });
    expect(BalanceResponseSchema.parse({ currency: 'USD', amount: 123_456 }).amount).toBe(123_456);
  });

  it('refuses a negative or fractional amount and an unknown currency', () => {
    expect(pathsOf(BalanceResponseSchema.safeParse({ currency: 'EUR', amount: -1 }))).toEqual([
      'amount',
    ]);
    expect(pathsOf(BalanceResponseSchema.safeParse({ currency: 'EUR', amount: 10.5 }))).toEqual([
      'amount',
    ]);
    expect(pathsOf(BalanceResponseSchema.safeParse({ currency: 'JPY', amount: 1 }))).toEqual([
      'currency',
    ]);
  });
});

describe('GiftCardRedemptionSchema ({giftCardNumber})', () => {
  it('trims the number', () => {
    expect(GiftCardRedemptionSchema.parse({ giftCardNumber: '  GC-1234  ' })).toEqual({
      giftCardNumber: 'GC-1234',
    });
    expect(GiftCardRedemptionSchema.safeParse({ giftCardNumber: 'x'.repeat(64) }).success).toBe(
      true,
    );
  });

  it('refuses an empty, blank, too long or non-string number and extra keys', () => {
    for (const giftCardNumber of ['', '   ', 'x'.repeat(65), 1234]) {
      expect(pathsOf(GiftCardRedemptionSchema.safeParse({ giftCardNumber }))).toEqual([
        'giftCardNumber',
      ]);
    }
    expect(GiftCardRedemptionSchema.safeParse({ giftCardNumber: 'GC', amount: 500 }).success).toBe(
      false,
    );
  });
});
