import { and, asc, eq, lt } from 'drizzle-orm';
import type { Passkey } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { passkeys } from './schema.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

const toPasskey = (row: Pick<PasskeyRow, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const shown = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

/** Whether the user has at least one passkey (for the checks that accept one as a second factor). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return found !== undefined;
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select(shown)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

/** Null when the user has no such passkey (another user's included). */
export async function renamePasskey(
  db: Db,
  userId: string,
  passkeyId: string,
  name: string,
): Promise<Passkey | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning(shown);
  return row ? toPasskey(row) : null;
}

/**
 * Removes one of the user's passkeys: its name, or null when the user has none by that id (another
 * user's included).
 */
export async function deletePasskey(
  db: Db,
  userId: string,
  passkeyId: string,
): Promise<string | null> {
  const [deleted] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  return deleted?.name ?? null;
}

/**
 * Stores a verified new passkey. Null when its credential id is registered already, to this user
 * or any other: one authenticator key never stands for two accounts.
 */
export async function insertPasskey(
  db: Db,
  values: Omit<typeof passkeys.$inferInsert, 'id' | 'lastUsedAt'>,
): Promise<Passkey | null> {
  const [row] = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning(shown);
  return row ? toPasskey(row) : null;
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/**
 * After a sign-in: the authenticator's new counter, and when the passkey was last used. The counter
 * is compared and set in one statement: false when another sign-in has meanwhile taken the counter
 * to `counter` or past it, which only a cloned authenticator does (two sign-ins checked against the
 * same stored counter would otherwise both pass). An authenticator that keeps no counter signs 0
 * every time, and nothing is compared.
 */
export async function recordPasskeyUse(
  db: Db,
  passkeyId: string,
  counter: number,
  now: Date,
): Promise<boolean> {
  const moved = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, passkeyId),
        counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter),
      ),
    )
    .returning({ id: passkeys.id });
  return moved.length === 1;
}

/** The user's credentials as a new registration must know them (to exclude, and their handle). */
export async function passkeyCredentials(
  db: Db,
  userId: string,
): Promise<Pick<PasskeyRow, 'credentialId' | 'transports' | 'userHandle'>[]> {
  return db
    .select({
      credentialId: passkeys.credentialId,
      transports: passkeys.transports,
      userHandle: passkeys.userHandle,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}
