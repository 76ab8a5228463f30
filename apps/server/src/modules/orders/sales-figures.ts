import { and, count, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Currency, VatSalesRow } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { orderItems, orders } from './schema.js';

/** A span of whole UTC days: `start` inclusive, `end` exclusive (midnight after the last day). */
export interface DayRange {
  start: Date;
  end: Date;
}

export interface DailySales {
  /** YYYY-MM-DD in UTC. */
  day: string;
  currency: Currency;
  revenue: number;
  orders: number;
}

export interface DailyRefunds {
  /** YYYY-MM-DD in UTC. */
  day: string;
  currency: Currency;
  refunds: number;
}

export interface OfferSales {
  offerId: number;
  urlName: string;
  title: string;
  currency: Currency;
  units: number;
  revenue: number;
}

const paidDay = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;

// Paid when `paid_at` is set: a later state of a paid order (such as a refund) keeps its sale on its day.
const paidWithin = (range: DayRange) =>
  and(isNotNull(orders.paidAt), gte(orders.paidAt, range.start), lt(orders.paidAt, range.end));

/**
 * Revenue and number of orders per UTC day and currency, by the day the order was paid.
 * Revenue is the order's total: what the buyer paid for it, by card or from the balance.
 */
export async function salesByDay(db: Db, range: DayRange): Promise<DailySales[]> {
  return db
    .select({
      day: paidDay,
      currency: orders.currency,
      revenue: sql<number>`sum(${orders.total})`.mapWith(Number),
      orders: count(),
    })
    .from(orders)
    .where(paidWithin(range))
    .groupBy(paidDay, orders.currency);
}

/** Units sold and revenue per offer and currency in paid orders of the range (gift cards are no offer). */
export async function offerSales(db: Db, range: DayRange): Promise<OfferSales[]> {
  return db
    .select({
      offerId: orderItems.offerId,
      // The newest snapshot names the offer; titles may have been edited between sales.
      urlName: sql<string>`max(${orderItems.urlName})`,
      title: sql<string>`max(${orderItems.title})`,
      currency: orders.currency,
      units: count(),
      revenue: sql<number>`sum(${orderItems.price})`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .where(paidWithin(range))
    .groupBy(orderItems.offerId, orders.currency);
}

const refundDay = sql<string>`to_char(${orders.refundedAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Money refunded from the back office per UTC day and currency, by the day of the refund. */
export async function refundsByDay(db: Db, range: DayRange): Promise<DailyRefunds[]> {
  return db
    .select({
      day: refundDay,
      currency: orders.currency,
      refunds: sql<number>`sum(${orders.refundedAmount})`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.refundedAt),
        gte(orders.refundedAt, range.start),
        lt(orders.refundedAt, range.end),
      ),
    )
    .groupBy(refundDay, orders.currency);
}

/** One month's VAT of one country, rate and currency, as the sales report's VAT rows carry it. */
export type MonthlyVat = Omit<VatSalesRow, 'kind'>;

const paidMonth = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM')`;

/**
 * The VAT of the artwork lines of orders paid in the range, per UTC month of payment, billing
 * country, rate and currency, as fixed when each order was placed: what a One-Stop-Shop return
 * declares. Lines without VAT (outside the EU, or before VAT was recorded) are not in it; refunds
 * are not subtracted here: the sales report subtracts the credit notes in the month they are
 * issued (receipts/credit-note-figures.ts).
 */
export async function vatByMonth(db: Db, range: DayRange): Promise<MonthlyVat[]> {
  return db
    .select({
      month: paidMonth,
      country: sql<string>`${orderItems.vatCountry}`,
      rate: orderItems.vatRate,
      currency: orders.currency,
      gross: sql<number>`sum(${orderItems.price})`.mapWith(Number),
      vat: sql<number>`sum(${orderItems.vatAmount})`.mapWith(Number),
      lines: count(),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .where(and(paidWithin(range), isNotNull(orderItems.vatCountry), gt(orderItems.vatRate, 0)))
    .groupBy(paidMonth, orderItems.vatCountry, orderItems.vatRate, orders.currency)
    .orderBy(paidMonth, orderItems.vatCountry, orderItems.vatRate, orders.currency);
}
