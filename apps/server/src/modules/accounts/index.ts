// The accounts module's public face. Other modules use what is exported here, never the files behind it.
export { users, type NewUser, type User } from './schema.js';
