import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { receiptCounter } from './schema.js';

/**
 * The numbering series: receipts of orders and of deposits share one; credit notes have their
 * own, so each reads 1, 2, 3... without gaps.
 */
type Series = 'receipts' | 'creditNotes';

/**
 * The next number of `series`, taken in `tx`: raising the counter row locks it until `tx` ends, so
 * a concurrent issuer waits for this one and then takes the number after it, and a rollback
 * returns the number unused. Call it last in the transaction, after the locks of what is settled,
 * so that the counter is held for as short a time as possible and always taken after them.
 */
async function nextNumber(tx: Db, series: Series): Promise<number> {
  const [row] = await tx
    .insert(receiptCounter)
    .values({ series, last: 1 })
    .onConflictDoUpdate({
      target: receiptCounter.series,
      set: { last: sql`${receiptCounter.last} + 1` },
    })
    .returning({ last: receiptCounter.last });
  if (!row) throw new Error(`The ${series} counter answered no number`);
  return row.last;
}

export const nextReceiptNumber = (tx: Db): Promise<number> => nextNumber(tx, 'receipts');
export const nextCreditNoteNumber = (tx: Db): Promise<number> => nextNumber(tx, 'creditNotes');
