import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVACY_MESSAGES, type AccountDeletionPreview, type Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { AppError } from '../../lib/index.js';
import { users, verifyPassword } from '../accounts/index.js';
import { eraseAccountData } from './erasure.js';

export interface DeletionDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly log: FastifyBaseLogger;
}

async function signedInUser(db: Db, userId: string) {
  const [user] = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      passwordHash: users.passwordHash,
      role: users.role,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt !== null) throw new AppError('UNAUTHORIZED');
  return user;
}

/** What the warning shows: balances that deleting the account forfeits, and whether it may. */
export async function deletionPreview(db: Db, userId: string): Promise<AccountDeletionPreview> {
  const user = await signedInUser(db, userId);
  const result = await db.execute<{ currency: Currency; amount: number | string | bigint }>(
    sql`select currency, amount from balances where user_id = ${userId} and amount > 0 order by currency`,
  );
  return {
    balances: result.rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
    allowed: user.role !== 'admin',
  };
}

/**
 * Deletes the account
 * (docs/decisions/customer-care/account-deletion-pseudonymise-what-the-law-keeps-delete-the.md): in
 * one transaction, every session ends and erasure.ts removes or blanks the account's personal data
 * by its id (and its exact, verified address); the records the law keeps (ledger, payments,
 * receipts and the orders' billing evidence) stay under the pseudonymous user row. The user's files
 * go once that has committed.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  userId: string,
  password: string,
): Promise<void> {
  const { db } = deps;
  const user = await signedInUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('VALIDATION', { password: PRIVACY_MESSAGES.wrongPassword });
  }
  // Someone must be able to run the shop: an administrator is made a customer first, elsewhere.
  // A 400 with its message, as every refusal the web shows; not a 403, which the web client
  // answers by refreshing the session.
  if (user.role === 'admin') {
    throw AppError.general('VALIDATION', PRIVACY_MESSAGES.adminCannotDelete);
  }

  const subject = { userId, email: user.email, verified: user.emailVerifiedAt !== null };
  const files = await db.transaction(async (tx) => {
    const locked = await tx.execute<{ id: string }>(
      sql`select id from users where id = ${userId} and deleted_at is null for update`,
    );
    if (locked.rows.length === 0) throw new AppError('UNAUTHORIZED');
    // A job still painting would store the user's pictures after they were deleted.
    const unfinished = await tx.execute<{ id: string }>(
      sql`select id from generation_jobs where user_id = ${userId} and status in ('queued', 'running') limit 1`,
    );
    if (unfinished.rows.length > 0) {
      throw AppError.general('VALIDATION', PRIVACY_MESSAGES.generationUnfinished);
    }
    // Money on its way would settle for an account nobody can use. A payment created after this
    // (its insert waits for this row lock) is refunded when it succeeds (payments/settle.ts).
    const inFlight = await tx.execute<{ id: string }>(
      sql`select id from payments where user_id = ${userId} and status in ('pending', 'processing') limit 1`,
    );
    if (inFlight.rows.length > 0) {
      throw AppError.general('VALIDATION', PRIVACY_MESSAGES.paymentInFlight);
    }
    const keys = await tx.execute<{ key: string | null }>(sql`
      select p.storage_key as key from generated_pictures p join generation_jobs j on j.id = p.job_id where j.user_id = ${userId}
      union all
      select p.preview_key from generated_pictures p join generation_jobs j on j.id = p.job_id where j.user_id = ${userId}
      union all
      select storage_key from data_exports where user_id = ${userId}`);

    await eraseAccountData(tx, subject);
    return keys.rows.flatMap((row) => (row.key === null ? [] : [row.key]));
  });

  for (const key of files) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.log.error({ err }, 'a file of a deleted account could not be removed');
    }
  }
}
