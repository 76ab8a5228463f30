import { eq, inArray, sql } from 'drizzle-orm';
import {
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  personalWords,
  type Role,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { hashPassword, isStrongPassword } from './passwords.js';
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
 * Makes the user with this email an admin; false when there is no such user. The operator names the
 * address on the command line, which vouches for it: it counts as verified from then on.
 */
export async function promoteToAdmin(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: 'admin', emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return rows.length > 0;
}

export type AdminCreation = 'created' | 'promoted';

/**
 * `npm run admin:create`: an existing account becomes an admin (its password unchanged); otherwise
 * a new admin account is made with this password, which must pass the sign-up rules.
 */
export async function createOrPromoteAdmin(
  db: Db,
  email: string,
  password: () => Promise<string>,
): Promise<AdminCreation> {
  if (await promoteToAdmin(db, email)) return 'promoted';
  const chosen = await password();
  const parsed = NewPasswordSchema.safeParse(chosen);
  if (!parsed.success || !isStrongPassword(chosen, personalWords(email))) {
    throw new Error(
      `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters and hard to guess.`,
    );
  }
  const passwordHash = await hashPassword(chosen);
  // Verified: the operator chose the address (see promoteToAdmin).
  await db
    .insert(users)
    .values({ email, passwordHash, role: 'admin', emailVerifiedAt: new Date() });
  return 'created';
}
