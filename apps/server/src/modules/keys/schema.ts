import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The data key: the root of the keys that protect data at rest (TOTP secrets, recovery codes,
 * gift-card codes, queued mail bodies), one row. It is stored wrapped (AES-256-GCM) under a key
 * derived from a signing secret (JWT_SECRET), whose id is kept beside it, so that a new JWT_SECRET
 * only wraps it again: nothing sealed with it has to change (data-key.ts).
 */
export const dataKeys = pgTable('data_keys', {
  name: text('name').primaryKey(),
  /** The data key's own id (not secret): it names the key in logs and the rotation runbook. */
  keyId: text('key_id').notNull(),
  wrapped: text('wrapped').notNull(),
  /** The id of the signing secret it is wrapped under (`signingKeyId`). */
  wrappedBy: text('wrapped_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  wrappedAt: timestamp('wrapped_at', { withTimezone: true }).notNull().defaultNow(),
});
