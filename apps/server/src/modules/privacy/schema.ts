import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES } from '@pictura/contract';
import { users } from '../accounts/schema.js';
import { oneOf } from '../../infra/db/checks.js';

/**
 * A user's request for a copy of their data: made by the `data-export` job (its pg-boss job has the
 * same id), stored as one ZIP in file storage, downloadable through a mailed link until `expiresAt`.
 * `expired` is only ever reported, never stored: it follows from `expiresAt`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** The ZIP's key in file storage once ready; null again once the file is removed. */
    storageKey: text('storage_key'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    check('data_exports_status_check', oneOf('status', DATA_EXPORT_STATUSES)),
    index('data_exports_user_requested_index').on(table.userId, table.requestedAt),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
