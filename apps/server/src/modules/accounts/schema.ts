import { sql } from 'drizzle-orm';
import {
  boolean,
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_EVENT_KINDS,
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  LOCALES,
  ROLES,
} from '@pictura/contract';
import { oneOf } from '../../infra/db/checks.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased (the contract's EmailSchema does it) so one address is one account.
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    // Profile and billing details (docs/product/accounts.md#profile-billing-and-language), filled
    // in by the user later.
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
    // Set when the user deleted the account: the row stays, pseudonymous, for the ledger and the
    // orders the law keeps (modules/privacy/account-deletion.ts).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
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
 * How a session signed in (sign-in-methods.ts maps each to RFC 8176 `amr` values): the password
 * alone, the password and a one-time code, the password and a passkey, or a passkey alone.
 */
export const SIGN_IN_METHODS = ['pwd', 'pwd+otp', 'pwd+passkey', 'passkey'] as const;

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
      enum: [
        'logout',
        'logout-all',
        'reuse',
        'password-change',
        'password-reset',
        'email-change-undone',
        'admin-promotion',
      ],
    }),
    /** The user agent that signed in (at most USER_AGENT_MAX_LENGTH), to name the device. */
    userAgent: text('user_agent'),
    /** When a token of the family was last issued: the session's approximate last use. */
    lastUsedAt: timestampTz('last_used_at').notNull().defaultNow(),
    /** How the session signed in; refreshing never changes it (sessions.ts). */
    signInMethod: text('sign_in_method', { enum: SIGN_IN_METHODS }).notNull().default('pwd'),
    /** When the user proved the sign-in's factors (OIDC `auth_time`); refreshing keeps it. */
    authTime: timestampTz('auth_time').notNull().defaultNow(),
    /** The last re-authentication for a sensitive change (sudo.ts); null until there is one. */
    reauthenticatedAt: timestampTz('reauthenticated_at'),
  },
  (table) => [
    index('refresh_token_families_user_id_idx').on(table.userId),
    check('refresh_token_families_sign_in_method_check', oneOf('sign_in_method', SIGN_IN_METHODS)),
  ],
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
 * Two-step sign-in (a time-based one-time code): at most one per user. A row without `enabledAt` is a
 * set-up under way, replaced when the user starts again; the step is on once a code confirmed it.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The base32 secret sealed (AES-256-GCM, infra/seal.ts) under a key derived from the data key
  // and bound to the user id: a copied database alone does not give anyone the codes.
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  enabledAt: timestampTz('enabled_at'),
  // Added while the account's address was not verified (before that was required): proof of
  // nothing, so a password reset, which proves the address, removes it.
  addedUnverified: boolean('added_unverified').notNull().default(false),
  // The time step (unix time / 30 s) of the last accepted code: a code of that step or an earlier
  // one is refused, so an overheard code cannot be used again.
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  // Wrong codes since the last right one; every fifth locks the step until `lockedUntil`, in every
  // process, for longer each time (totp.ts).
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestampTz('locked_until'),
});

/** Single-use codes that stand in for a one-time code when the authenticator app is lost. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // HMAC-SHA-256 (hex) of the user id and the code, under a key derived from the data key (codes
    // from before the user was bound in hash the code alone: recovery-codes.ts).
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (table) => [unique('totp_recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

/**
 * A user's passkeys (WebAuthn credentials). The credential id is unique across all users, so one
 * authenticator's key can never stand for two accounts.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // base64url, as the browser sends it.
    credentialId: text('credential_id').notNull().unique(),
    // The COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    // The authenticator's signature counter (an unsigned 32-bit number; 0 when it keeps none).
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The WebAuthn user handle (base64url) the passkey was made with; a sign-in must return it.
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    lastUsedAt: timestampTz('last_used_at'),
    // Added while the account's address was not verified (before that was required): proof of
    // nothing, so a password reset, which proves the address, removes it.
    addedUnverified: boolean('added_unverified').notNull().default(false),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
);

export const WEBAUTHN_CEREMONIES = ['registration', 'login'] as const;

/**
 * Challenges handed out for a passkey ceremony and not used yet: each is deleted when it is
 * presented (single use) and is worthless after `expires_at`. A registration challenge belongs to
 * the signed-in user who asked for it, with the user handle the new passkey is to carry.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    ceremony: text('ceremony', { enum: WEBAUTHN_CEREMONIES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userHandle: text('user_handle'),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (table) => [
    check('webauthn_challenges_ceremony_check', oneOf('ceremony', WEBAUTHN_CEREMONIES)),
    index('webauthn_challenges_expires_at_idx').on(table.expiresAt),
  ],
);

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

/**
 * The link mailed to the old address when an address change took effect: for
 * EMAIL_CHANGE_UNDO_DAYS its holder may put the old address back (the account may have been taken
 * over by someone who knew the password). Single use; a newer change replaces it.
 */
export const emailChangeUndos = pgTable('email_change_undos', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  oldEmail: text('old_email').notNull(),
  newEmail: text('new_email').notNull(),
  // SHA-256 (hex) of the token, as for verification links.
  tokenHash: text('token_hash').notNull().unique(),
  // When the change took effect: factors added since then are the changer's.
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  expiresAt: timestampTz('expires_at').notNull(),
});

/**
 * The account's audit trail its owner reads (account-events.ts): what happened, when, from which
 * browser and network. The network is a range, never the address
 * (docs/decisions/accounts/README.md). Kept ACCOUNT_EVENT_DAYS days, then swept; deleted with the
 * account.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ACCOUNT_EVENT_KINDS }).notNull(),
    at: timestampTz('at').notNull().defaultNow(),
    browser: text('browser'),
    os: text('os'),
    ipRange: text('ip_range'),
  },
  (table) => [
    check('account_events_kind_check', oneOf('kind', ACCOUNT_EVENT_KINDS)),
    index('account_events_user_at_idx').on(table.userId, table.at),
    index('account_events_at_idx').on(table.at),
  ],
);
