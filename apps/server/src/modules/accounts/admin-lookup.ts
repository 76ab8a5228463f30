import { desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { users } from './schema.js';

/** A user as the back office lists it: no password hash, no profile details. */
export interface UserSummary {
  id: string;
  email: string;
  createdAt: Date;
}

// The typed text is matched literally: % and _ are not wildcards to an admin searching addresses.
const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Users whose address contains `text` (any case), newest accounts first, at most `limit`. */
export async function findUsersByEmail(
  db: Db,
  text: string,
  limit: number,
): Promise<UserSummary[]> {
  return db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(ilike(users.email, containsPattern(text)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/**
 * The ids of users whose address contains `text`, as a subquery, so another module can filter its
 * own rows by a customer's address without reading the users table itself.
 */
export const userIdsWithEmailLike = (db: Db, text: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(ilike(users.email, containsPattern(text)));

/** One user, or undefined. */
export async function userSummary(db: Db, userId: string): Promise<UserSummary | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
