// The accounts module's public face. Other modules use what is exported here, never the files behind it.
export { requireUser, userOf } from './auth.js';
export { accountsModule, type AccountsModuleOptions } from './module.js';
export { users, type NewUser, type User } from './schema.js';
export type { AuthenticatedUser } from './service.js';
