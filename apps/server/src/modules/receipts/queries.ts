import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { receipts, type ReceiptRow } from './schema.js';

/** The receipt numbers of `userId`'s orders among `orderIds`, by order id. */
export async function receiptNumbersOfOrders(
  db: Db,
  userId: string,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: receipts.orderId, number: receipts.number })
    .from(receipts)
    .where(and(eq(receipts.userId, userId), inArray(receipts.orderId, [...orderIds])));
  return new Map(rows.flatMap((row) => (row.orderId === null ? [] : [[row.orderId, row.number]])));
}

/** The receipt of `userId`'s order, none for another user's. */
export async function orderReceiptOf(
  db: Db,
  userId: string,
  orderId: number,
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.orderId, orderId), eq(receipts.userId, userId)));
  return row;
}

/** The receipts of `userId`'s deposits, newest first. */
export function depositReceiptsOf(db: Db, userId: string): Promise<ReceiptRow[]> {
  return db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, userId), eq(receipts.kind, 'deposit')))
    .orderBy(desc(receipts.number));
}

/** One of `userId`'s deposit receipts, none for another user's or an order's. */
export async function depositReceiptOf(
  db: Db,
  userId: string,
  receiptNumber: number,
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(
      and(
        eq(receipts.number, receiptNumber),
        eq(receipts.userId, userId),
        eq(receipts.kind, 'deposit'),
      ),
    );
  return row;
}

/** Any receipt by its number (the mail worker's attachment). */
export async function receiptByNumber(
  db: Db,
  receiptNumber: number,
): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.number, receiptNumber));
  return row;
}
