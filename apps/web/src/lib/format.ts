import { useTranslation } from 'react-i18next';
import { formatMinorUnits, MINOR_UNIT_DIGITS, type Money } from '@pictura/contract';
import { currentLocale } from './i18n';

/**
 * Prices and dates as text in the active language (docs/product/money.md#amounts-and-currencies).
 * Money stays in minor units until here: the amount goes to Intl.NumberFormat as an exact decimal
 * string ("12.50"), so no floating point value is ever made from it.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const countFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, key: string, create: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = create();
    cache.set(key, value);
  }
  return value;
}

export function formatPrice(money: Money, locale: string): string {
  const format = cached(
    numberFormats,
    `${locale}|${money.currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }),
  );
  return format.format(formatMinorUnits(money.amount, money.currency) as Intl.StringNumericLiteral);
}

/**
 * A calendar date such as "3 Mar 2025"; an unreadable value gives an empty string. The day is the
 * UTC one: a page rendered on the server must read the same in every visitor's time zone (the
 * browser's first render must match its HTML), and the dates shown so are days (a text's date,
 * the day a picture was added), not moments; moments go through `formatDateTime`.
 */
export function formatDate(value: string | Date, locale: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const format = cached(
    dateFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
  return format.format(date);
}

/** A date and time such as "3 Mar 2025, 14:05"; an unreadable value gives an empty string. */
export function formatDateTime(value: string | Date, locale: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const format = cached(
    dateTimeFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  return format.format(date);
}

/** A whole number with the language's grouping ("1,920", "1.920"). */
export function formatCount(value: number, locale: string): string {
  return cached(countFormats, locale, () => new Intl.NumberFormat(locale)).format(value);
}

/**
 * An amount for a text field, in major units with the language's decimal mark and no grouping
 * ("12,50" in Spanish), which `parseMinorUnits` reads back.
 */
export function formatAmountInput(money: Money, locale: string): string {
  const format = cached(
    numberFormats,
    `${locale}|${money.currency}|input`,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: MINOR_UNIT_DIGITS[money.currency],
        useGrouping: false,
      }),
  );
  return format.format(formatMinorUnits(money.amount, money.currency) as Intl.StringNumericLiteral);
}

/** The currency's symbol as the active language writes it (for labels such as "Min (€)"). */
export function currencySymbol(currency: Money['currency'], locale: string): string {
  const format = cached(
    numberFormats,
    `${locale}|${currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency }),
  );
  return format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
}

/** The formatters bound to the active language; components re-render when it changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return {
    price: (money: Money) => formatPrice(money, locale),
    date: (value: string | Date) => formatDate(value, locale),
    dateTime: (value: string | Date) => formatDateTime(value, locale),
    count: (value: number) => formatCount(value, locale),
    amountInput: (money: Money) => formatAmountInput(money, locale),
    currencySymbol: (currency: Money['currency']) => currencySymbol(currency, locale),
  };
}
