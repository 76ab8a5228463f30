// Every module's tables, for Drizzle's typed queries. (drizzle-kit reads the modules' schema.ts files
// directly; see drizzle.config.ts.) A new module adds its tables here through its index.ts.
import { users } from '../../modules/accounts/index.js';
import { categories, offerAttributes, offers } from '../../modules/catalog/index.js';

export const schema = { users, categories, offers, offerAttributes };
export type Schema = typeof schema;
