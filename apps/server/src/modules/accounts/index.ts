// The accounts module's public face. Other modules use what is exported here, never the files behind it.
export { requireUser, userOf } from './auth.js';
// Shared with the support module (issue 7): background mail, mail markup, language, per-email limit.
export { BackgroundTasks } from './background.js';
export { requestLocale } from './locale.js';
// Shared with the money modules (issue 5): who pays, and in which language.
export { userContact, type UserContact } from './contact.js';
export {
  createOrPromoteAdmin,
  promoteToAdmin,
  userEmails,
  userRole,
  type AdminCreation,
} from './roles.js';
export { escapeHtml, htmlDocument, link, paragraph } from './mails.js';
export { emailRateLimit } from './rate-limits.js';
export { accountsModule, type AccountsModuleOptions } from './module.js';
export { ARGON2_OPTIONS, type Argon2Cost } from './passwords.js';
export { users, type NewUser, type User } from './schema.js';
// The back office (issue 8): finding customers by address.
export {
  findUsersByEmail,
  userIdsWithEmailLike,
  userSummary,
  type UserSummary,
} from './admin-lookup.js';
export type { AuthenticatedUser } from './service.js';
