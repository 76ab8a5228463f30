import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';

/** How many receipts, credit notes and orders one run erased the buyer's details from. */
export interface RetentionOutcome {
  readonly receipts: number;
  readonly creditNotes: number;
  readonly orders: number;
}

/**
 * The end of the legal retention period for records dated in a year: `years` full years after the
 * end of that year (the periods in the VAT Directive and the bookkeeping laws run from the end of
 * the year of the transaction). Records dated before the returned instant are past it.
 */
export const retainedSince = (now: Date, years: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear() - years, 0, 1));

/**
 * Erases what deleting an account kept because the law keeps it: the buyer on its receipts and
 * credit notes and the billing address on its orders, once their retention period (RECORD_RETENTION_YEARS) is over.
 * Only deleted accounts: a live customer's records are still theirs to see. Amounts, VAT, country
 * and number stay (they are not personal and the accounts still need them). Idempotent: an erased
 * record is not touched again.
 */
export async function eraseRecordsPastRetention(
  db: Db,
  years: number,
  now: Date = new Date(),
): Promise<RetentionOutcome> {
  const before = retainedSince(now, years);
  const pseudonymise = (table: 'receipts' | 'credit_notes') => sql`
    update ${sql.identifier(table)} r
    set buyer = r.buyer || jsonb_build_object('name', '', 'email', 'deleted-' || r.user_id || '@deleted.invalid',
      'address1', '', 'city', '', 'zipCode', '', 'state', null)
    from users u
    where u.id = r.user_id and u.deleted_at is not null and r.issued_at < ${before}
      and r.buyer->>'email' <> 'deleted-' || r.user_id || '@deleted.invalid'
    returning r.user_id`;
  const receipts = await db.execute(pseudonymise('receipts'));
  const creditNotes = await db.execute(pseudonymise('credit_notes'));
  const orders = await db.execute<{ id: number }>(sql`
    update orders o
    set first_name = '', last_name = '', city = '', address1 = '', state = null, zip_code = ''
    from users u
    where u.id = o.user_id and u.deleted_at is not null and o.created_at < ${before}
      and (o.first_name <> '' or o.last_name <> '' or o.city <> '' or o.address1 <> ''
        or o.zip_code <> '' or o.state is not null)
    returning o.id`);
  return {
    receipts: receipts.rows.length,
    creditNotes: creditNotes.rows.length,
    orders: orders.rows.length,
  };
}
