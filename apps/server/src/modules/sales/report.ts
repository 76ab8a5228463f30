import {
  CURRENCIES,
  daysInRange,
  SALES_DEFAULT_DAYS,
  SALES_TOP_OFFERS,
  type CurrencyAmounts,
  type SalesDay,
  type SalesQuery,
  type SalesReport,
  type TopOffer,
  type VatSalesRow,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { generationsByDay, generationVatByMonth } from '../generation/index.js';
import { orderReversalsByDay } from '../payments/index.js';
import { creditedVatByMonth, type CreditedVat } from '../receipts/index.js';
import {
  offerSales,
  refundsByDay,
  salesByDay,
  vatByMonth,
  type DayRange,
  type MonthlyVat,
  type OfferSales,
} from '../orders/index.js';

const DAY_MS = 86_400_000;

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const midnight = (day: string): Date => new Date(`${day}T00:00:00Z`);

const noAmounts = (): CurrencyAmounts =>
  Object.fromEntries(CURRENCIES.map((currency) => [currency, 0])) as CurrencyAmounts;

/** The asked days, else the last 30 days up to today (UTC), or 30 days around the one given. */
function resolveRange(query: SalesQuery, now: Date): { from: string; to: string } {
  const span = (SALES_DEFAULT_DAYS - 1) * DAY_MS;
  if (query.From !== undefined && query.To !== undefined) return { from: query.From, to: query.To };
  if (query.From !== undefined) {
    const to = isoDay(new Date(midnight(query.From).getTime() + span));
    return { from: query.From, to: to < isoDay(now) ? to : isoDay(now) };
  }
  const to = query.To ?? isoDay(now);
  return { from: isoDay(new Date(midnight(to).getTime() - span)), to };
}

function topOffers(rows: readonly OfferSales[]): TopOffer[] {
  const byOffer = new Map<number, TopOffer>();
  for (const row of rows) {
    const offer = byOffer.get(row.offerId) ?? {
      offerId: row.offerId,
      urlName: row.urlName,
      title: row.title,
      units: 0,
      revenue: noAmounts(),
    };
    offer.units += row.units;
    offer.revenue[row.currency] += row.revenue;
    byOffer.set(row.offerId, offer);
  }
  return [...byOffer.values()]
    .sort((a, b) => b.units - a.units || a.title.localeCompare(b.title) || a.offerId - b.offerId)
    .slice(0, SALES_TOP_OFFERS);
}

/**
 * The artwork rows less what credit notes took back in the same month, country, rate and currency
 * (a month with only credits gets a row of its own, with no lines and negative amounts).
 */
function lessCredited(sold: readonly MonthlyVat[], credited: readonly CreditedVat[]): MonthlyVat[] {
  const key = (row: Omit<CreditedVat, 'gross' | 'vat'>) =>
    `${row.month}|${row.country}|${row.rate}|${row.currency}`;
  const rows = new Map(sold.map((row) => [key(row), { ...row }]));
  for (const credit of credited) {
    const row = rows.get(key(credit)) ?? { ...credit, gross: 0, vat: 0, lines: 0 };
    row.gross -= credit.gross;
    row.vat -= credit.vat;
    rows.set(key(credit), row);
  }
  return [...rows.values()];
}

/**
 * Artwork lines and generation charges, each row saying which, sorted by month, country, kind, rate
 * and currency: a country's month reads as one block of a One-Stop-Shop return.
 */
function vatRows(artwork: readonly MonthlyVat[], generation: readonly MonthlyVat[]): VatSalesRow[] {
  const rows: VatSalesRow[] = [
    ...artwork.map((row) => ({ ...row, kind: 'artwork' as const })),
    ...generation.map((row) => ({ ...row, kind: 'generation' as const })),
  ];
  return rows.sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      a.country.localeCompare(b.country) ||
      a.kind.localeCompare(b.kind) ||
      a.rate - b.rate ||
      a.currency.localeCompare(b.currency),
  );
}

/**
 * The sales report of the back office. No counter of its own: each figure comes
 * from the module that owns the data (orders, generation), so it always agrees with them. Revenue
 * is gross (by the day an order was paid); refunds are their own figure, by the day of the refund
 * (the back office's, and the provider's disputes and refunds of orders), so a refund never
 * rewrites a past day. The artwork VAT rows subtract the credit notes issued in their month. The VAT rows are per month of the range's days (a month at
 * the range's edge counts only the days inside it): ask for whole months, or a whole quarter, for a
 * One-Stop-Shop return. They add the generation charges (VAT due when captured from the balance) to
 * the artwork sold, as rows of their own kind.
 */
export async function salesReport(
  db: Db,
  query: SalesQuery,
  now = new Date(),
): Promise<SalesReport> {
  const { from, to } = resolveRange(query, now);
  const range: DayRange = {
    start: midnight(from),
    end: new Date(midnight(to).getTime() + DAY_MS),
  };
  const [sales, refunds, reversals, generations, offers, artworkVat, credited, generationVat] =
    await Promise.all([
      salesByDay(db, range),
      refundsByDay(db, range),
      orderReversalsByDay(db, range),
      generationsByDay(db, range),
      offerSales(db, range),
      vatByMonth(db, range),
      creditedVatByMonth(db, range),
      generationVatByMonth(db, range),
    ]);

  const days = new Map<string, SalesDay>();
  for (let i = 0; i < daysInRange(from, to); i++) {
    const date = isoDay(new Date(range.start.getTime() + i * DAY_MS));
    days.set(date, { date, revenue: noAmounts(), refunds: noAmounts(), orders: 0, generations: 0 });
  }
  const totals: Omit<SalesDay, 'date'> = {
    revenue: noAmounts(),
    refunds: noAmounts(),
    orders: 0,
    generations: 0,
  };
  for (const row of sales) {
    const day = days.get(row.day);
    if (!day) continue;
    day.revenue[row.currency] += row.revenue;
    day.orders += row.orders;
    totals.revenue[row.currency] += row.revenue;
    totals.orders += row.orders;
  }
  for (const row of [...refunds, ...reversals]) {
    const day = days.get(row.day);
    if (!day) continue;
    day.refunds[row.currency] += row.refunds;
    totals.refunds[row.currency] += row.refunds;
  }
  for (const row of generations) {
    const day = days.get(row.day);
    if (!day) continue;
    day.generations += row.generations;
    totals.generations += row.generations;
  }
  return {
    from,
    to,
    days: [...days.values()],
    totals,
    topOffers: topOffers(offers),
    vat: vatRows(lessCredited(artworkVat, credited), generationVat),
  };
}
