import type { Currency } from './enums.js';

// Minor units to text and back, without zod: the web's first view formats prices with these.

/** EUR and USD both have two decimal places (ISO 4217). */
export const MINOR_UNIT_DIGITS: Record<Currency, number> = { EUR: 2, USD: 2 };

/** Converts minor units to a decimal string such as "12.50", exactly, without floating point. */
export function formatMinorUnits(amount: number, currency: Currency): string {
  // A fraction of a minor unit (or an unsafe integer) would otherwise print as "1..5" or "1e+21".
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Not an amount in minor units: ${amount}`);
  }
  const digits = MINOR_UNIT_DIGITS[currency];
  const sign = amount < 0 ? '-' : '';
  const text = Math.abs(amount)
    .toString()
    .padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Parses a decimal string such as "12.5" or "12,50" into minor units; null when it is not an amount. */
export function parseMinorUnits(text: string, currency: Currency): number | null {
  const digits = MINOR_UNIT_DIGITS[currency];
  const match = /^\s*(\d{1,12})(?:[.,](\d+))?\s*$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0'));
}
