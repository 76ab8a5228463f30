import { formatMinorUnits, type Currency, type Locale } from '@pictura/contract';

/** An amount as the buyer reads it, e.g. "€25.00" or "25,00 €": exact, from its decimal string. */
export function displayAmount(locale: Locale, amount: number, currency: Currency): string {
  const decimal = formatMinorUnits(amount, currency) as `${number}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(decimal);
}

/** A rate in basis points as a percentage in the buyer's language, e.g. "21 %" or "25,5 %". */
export const displayRate = (locale: Locale, basisPoints: number): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );

/** The day of issue, in UTC (as the sales report counts days). */
export const displayDate = (locale: Locale, date: Date): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** A country's name in the buyer's language, the code itself when unknown. */
export function displayCountry(locale: Locale, code: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
