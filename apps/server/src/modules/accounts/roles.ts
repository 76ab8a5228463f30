import { eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { users } from './schema.js';

/** The user's role now (not from the token: a demoted admin loses access at once); null if gone. */
export async function userRole(db: Db, userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role ?? null;
}

/** Emails by user id, for lists that name people (the back office); missing ids are absent. */
export async function userEmails(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/**
 * Makes the user with this email an admin (verified from then on); false when there is no such user.
 * Tests' shortcut for an admin: the command line goes through `createOrPromoteAdmin`
 * (admin-creation.ts), which judges the account first.
 */
export async function promoteToAdmin(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: 'admin', emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return rows.length > 0;
}
