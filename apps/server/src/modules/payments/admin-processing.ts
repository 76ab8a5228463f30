import { and, asc, eq, lt } from 'drizzle-orm';
import { PROCESSING_EXPECTED_DAYS, type AdminProcessingPayment } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userEmails } from '../accounts/index.js';
import { payments } from './schema.js';

const LISTED = 200;

/** Payments processing for longer than expected, the oldest first (GET /api/admin/payments/processing). */
export async function processingTooLong(
  db: Db,
  now: Date = new Date(),
): Promise<AdminProcessingPayment[]> {
  const since = new Date(now.getTime() - PROCESSING_EXPECTED_DAYS * 86_400_000);
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'processing'), lt(payments.createdAt, since)))
    .orderBy(asc(payments.createdAt))
    .limit(LISTED);
  const emails = await userEmails(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    paymentId: row.id,
    provider: row.provider,
    purpose: row.purpose,
    orderId: row.orderId,
    customerId: row.userId,
    customerEmail: emails.get(row.userId) ?? '',
    amount: row.amount,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    checkedAt: row.providerCheckedAt?.toISOString() ?? null,
  }));
}
