import type { PgTransactionConfig } from 'drizzle-orm/pg-core';

/**
 * For `db.transaction(work, READ_COMMITTED)`: a transaction whose correctness rests on READ
 * COMMITTED says so, instead of trusting the server's default (which `default_transaction_isolation`
 * may change). Under it each statement sees what was committed before it started, so a statement
 * that waited for a lock (a row lock, an advisory lock, a unique key another transaction is
 * inserting) then sees that transaction's outcome; REPEATABLE READ would read from the snapshot
 * taken at the first statement, or fail with a serialization error on a row changed since.
 */
export const READ_COMMITTED: PgTransactionConfig = { isolationLevel: 'read committed' };
