import { sql } from 'drizzle-orm';
import type { Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';

/** The VAT credited on artwork lines in one UTC month, EU country, rate and currency. */
export interface CreditedVat {
  /** YYYY-MM. */
  month: string;
  country: string;
  rate: number;
  currency: Currency;
  gross: number;
  vat: number;
}

/**
 * What the credit notes issued in [start, end) took back of artwork lines that carried VAT, per UTC
 * month of issue, billing country, rate and currency: the corrections a One-Stop-Shop return makes
 * in the period the refund happened, not in the one of the sale. A cancellation of a credit note
 * (a dispute won) counts negatively in the month it is issued: the sale stands again.
 */
export async function creditedVatByMonth(
  db: Db,
  range: { start: Date; end: Date },
): Promise<CreditedVat[]> {
  const result = await db.execute<{
    month: string;
    country: string;
    rate: number | string;
    currency: Currency;
    gross: number | string;
    vat: number | string;
  }>(sql`
    select to_char(n.issued_at at time zone 'UTC', 'YYYY-MM') as month,
      line->>'vatCountry' as country, (line->>'vatRate')::int as rate, n.currency,
      sum(sign * (line->>'gross')::bigint) as gross, sum(sign * (line->>'vat')::bigint) as vat
    from credit_notes n, jsonb_array_elements(n.lines) as line,
      -- A cancellation (a dispute won) charges its lines again.
      lateral (select case when n.cancels is null then 1 else -1 end as sign) as s
    where n.issued_at >= ${range.start.toISOString()}::timestamptz
      and n.issued_at < ${range.end.toISOString()}::timestamptz
      and line->>'kind' = 'artwork' and line->>'vatCountry' is not null
      and (line->>'vatRate')::int > 0
    group by 1, 2, 3, 4`);
  return result.rows.map((row) => ({
    month: row.month,
    country: row.country,
    rate: Number(row.rate),
    currency: row.currency,
    gross: Number(row.gross),
    vat: Number(row.vat),
  }));
}
