import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_LOCALE, LOCALES, ROLES } from '@pictura/contract';
import { oneOf } from '../../infra/db/checks.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased (the contract's EmailSchema does it) so one address is one account.
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    // Profile and billing details (seed-spec section 3), filled in by the user later.
    firstName: text('first_name'),
    lastName: text('last_name'),
    country: text('country'),
    city: text('city'),
    address1: text('address1'),
    state: text('state'),
    zipCode: text('zip_code'),
    currency: text('currency', { enum: CURRENCIES }).notNull().default(DEFAULT_CURRENCY),
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    // Everyone is a customer; admins are made with `npm run admin:create`.
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    // Set when the user opened the mailed link (email-verification.ts); money waits for it.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check('users_role_check', oneOf('role', ROLES)),
    check('users_currency_check', oneOf(table.currency.name, CURRENCIES)),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One login (a session): the refresh tokens it rotates through share the family. Its id is the
 * access token's `sid`, so revoking the family ends the session at once. Kept until it expires so that
 * a rotated token presented later is still recognised as reuse.
 */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    // Absolute: rotation does not extend it.
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    revokedReason: text('revoked_reason', {
      enum: ['logout', 'logout-all', 'reuse', 'password-change', 'password-reset'],
    }),
    /** The user agent that signed in (at most USER_AGENT_MAX_LENGTH), to name the device. */
    userAgent: text('user_agent'),
    /** When a token of the family was last issued: the session's approximate last use. */
    lastUsedAt: timestampTz('last_used_at').notNull().defaultNow(),
  },
  (table) => [index('refresh_token_families_user_id_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    // SHA-256 (hex) of the token: the token has 256 random bits, so no salt or slow hash is needed.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    // Set when the token was exchanged for the next one; presenting it again is reuse.
    rotatedAt: timestampTz('rotated_at'),
  },
  (table) => [index('refresh_tokens_family_id_idx').on(table.familyId)],
);

/** At most one per user: asking for a new code replaces the previous one. */
export const passwordResetCodes = pgTable('password_reset_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  // HMAC-SHA-256 (hex) under a key derived from the server secret: a leaked table alone does not
  // let anyone try the small code space offline.
  codeHash: text('code_hash').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  expiresAt: timestampTz('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  usedAt: timestampTz('used_at'),
});

/**
 * The pending verification of an address, at most one per user: the sign-up address, or a new one
 * the user asked to change to (`email` differs from the user's then). A new link replaces the old.
 */
export const emailVerifications = pgTable('email_verifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The address the link verifies; it becomes the user's email if it is not already. */
  email: text('email').notNull(),
  // SHA-256 (hex) of the token: 256 random bits need no salt or slow hash.
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
});
