import { z } from 'zod';
import { CurrencySchema } from './enum-schemas.js';
import type { Currency } from './enums.js';

/**
 * Money is an integer amount in minor units (cents) with its currency
 * (docs/product/money.md#amounts-and-currencies). Only the UI turns it into text; nothing in the
 * system holds a floating point amount.
 */
export const MinorUnitsSchema = z.number().int().safe();

export const MoneySchema = z.strictObject({
  amount: MinorUnitsSchema,
  currency: CurrencySchema,
});
export type Money = z.infer<typeof MoneySchema>;

export function money(amount: number, currency: Currency): Money {
  return MoneySchema.parse({ amount, currency });
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) {
    throw new Error(`Cannot add ${a.currency} to ${b.currency}`);
  }
  return money(a.amount + b.amount, a.currency);
}
