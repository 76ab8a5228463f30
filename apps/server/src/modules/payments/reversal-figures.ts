import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { paymentReversals, payments } from './schema.js';

const reversalDay = sql<string>`to_char(${paymentReversals.receivedAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Money of orders the provider gave back to their payers (disputes, refunds made at the provider)
 * per UTC day and currency, by the day it was received: the sales report's refunds beside the back
 * office's own.
 */
export async function orderReversalsByDay(
  db: Db,
  range: { start: Date; end: Date },
): Promise<{ day: string; currency: Currency; refunds: number }[]> {
  return db
    .select({
      day: reversalDay,
      currency: paymentReversals.currency,
      refunds: sql<number>`sum(${paymentReversals.amount})`.mapWith(Number),
    })
    .from(paymentReversals)
    .innerJoin(payments, eq(payments.id, paymentReversals.paymentId))
    .where(
      and(
        eq(payments.purpose, 'order'),
        gte(paymentReversals.receivedAt, range.start),
        lt(paymentReversals.receivedAt, range.end),
      ),
    )
    .groupBy(reversalDay, paymentReversals.currency);
}
