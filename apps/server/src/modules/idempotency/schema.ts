import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.js';

/**
 * The first answer to each `Idempotency-Key` a user sent to a money-moving endpoint, so a retry
 * gets that answer instead of moving money again. `status` is null while the first request runs.
 * `claim` names the request that holds the key now (a retry may take over from one that died);
 * `resource` is what that request made, written in the transaction that made it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // Method and path, and a hash of the body: one key is for one request.
    fingerprint: text('fingerprint').notNull(),
    claim: uuid('claim').notNull().defaultRandom(),
    resource: text('resource'),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
