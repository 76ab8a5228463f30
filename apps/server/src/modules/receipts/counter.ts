import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { receiptCounter } from './schema.js';

/** The one numbering series: receipts of orders and of deposits share it. */
const SERIES = 'receipts';

/**
 * The next receipt number, taken in `tx`: raising the counter row locks it until `tx` ends, so a
 * concurrent settlement waits for this one and then takes the number after it, and a rollback
 * returns the number unused. Call it last in the transaction, after the locks of what is settled,
 * so that the counter is held for as short a time as possible and always taken after them.
 */
export async function nextReceiptNumber(tx: Db): Promise<number> {
  const [row] = await tx
    .insert(receiptCounter)
    .values({ series: SERIES, last: 1 })
    .onConflictDoUpdate({
      target: receiptCounter.series,
      set: { last: sql`${receiptCounter.last} + 1` },
    })
    .returning({ last: receiptCounter.last });
  if (!row) throw new Error('The receipt counter answered no number');
  return row.last;
}
