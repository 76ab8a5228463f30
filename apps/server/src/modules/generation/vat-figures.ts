import { and, count, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { VatSalesRow } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { generationJobs } from './schema.js';

/** One month's VAT of one country, rate and currency, as the sales report's VAT rows carry it. */
export type MonthlyGenerationVat = Omit<VatSalesRow, 'kind'>;

const capturedMonth = sql<string>`to_char(${generationJobs.finishedAt} at time zone 'UTC', 'YYYY-MM')`;

/**
 * The VAT included in the generation charges captured within `range` (UTC days, `end` exclusive),
 * per calendar month of capture, VAT country, rate and currency. Only delivered jobs were charged: a
 * released hold (failed, cancelled) sold nothing. Countries without VAT, and jobs from before VAT
 * was recorded, have no row.
 */
export async function generationVatByMonth(
  db: Db,
  range: { start: Date; end: Date },
): Promise<MonthlyGenerationVat[]> {
  return db
    .select({
      month: capturedMonth,
      country: sql<string>`${generationJobs.vatCountry}`,
      rate: generationJobs.vatRate,
      currency: generationJobs.currency,
      gross: sql<number>`sum(${generationJobs.price})`.mapWith(Number),
      vat: sql<number>`sum(${generationJobs.vatAmount})`.mapWith(Number),
      lines: count(),
    })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.status, 'succeeded'),
        gte(generationJobs.finishedAt, range.start),
        lt(generationJobs.finishedAt, range.end),
        isNotNull(generationJobs.vatCountry),
        gt(generationJobs.vatRate, 0),
      ),
    )
    .groupBy(
      capturedMonth,
      generationJobs.vatCountry,
      generationJobs.vatRate,
      generationJobs.currency,
    );
}
