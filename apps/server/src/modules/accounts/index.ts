// The accounts module's public face. Other modules use what is exported here, never the files behind it.
export { requireUser, userOf } from './auth.js';
// Sensitive changes of other modules (a data export) ask for a recent re-authentication too.
export { requireRecentAuthentication } from './sudo.js';
// Money waits for a verified email address; test helpers make ready users with a real link.
export { requireVerifiedEmail } from './verified-email.js';
export { issueVerificationToken } from './email-verification.js';
// Shared with the support module: the request's language and the per-email limit.
export { requestLocale } from './locale.js';
// Shared with the money modules: who pays, and in which language.
export { userContact, type UserContact } from './contact.js';
export { promoteToAdmin, userEmails, userRole } from './roles.js';
export {
  AdminPromotionRefused,
  createOrPromoteAdmin,
  type AdminCreation,
  type ExistingAccount,
} from './admin-creation.js';
export { emailRateLimit } from './rate-limits.js';
export { PASSWORD_CHECK_MAX, userRateLimit } from './user-rate-limits.js';
// The back office's gate: admins need a second factor, and a session that signed in with two.
export { hasSecondFactor } from './second-factor.js';
export { isMultiFactor } from './sign-in-methods.js';
export { accountsModule } from './module.js';
// The account's events: the privacy module records an export asked for and sweeps old events.
export { deleteExpiredAccountEvents, recordAccountEvent } from './account-events.js';
export { ARGON2_OPTIONS, verifyPassword, type Argon2Cost } from './passwords.js';
export { users, type NewUser, type User } from './schema.js';
// The back office: finding customers by address.
export {
  findUsersByEmail,
  userIdsWithEmailLike,
  userSummary,
  type UserSummary,
} from './admin-lookup.js';
export type { AuthenticatedUser } from './service.js';
// The admin second-factor gate: a passkey counts as one.
export { hasPasskey } from './passkeys.js';
