import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AccountSession } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { describeDevice } from './devices.js';
import { refreshTokenFamilies } from './schema.js';

const standing = (userId: string, now: Date) =>
  and(
    eq(refreshTokenFamilies.userId, userId),
    isNull(refreshTokenFamilies.revokedAt),
    gt(refreshTokenFamilies.expiresAt, now),
  );

/** The user's sessions that still stand, most recently used first, the current one marked. */
export async function listSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  now: Date,
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: refreshTokenFamilies.id,
      userAgent: refreshTokenFamilies.userAgent,
      createdAt: refreshTokenFamilies.createdAt,
      lastUsedAt: refreshTokenFamilies.lastUsedAt,
    })
    .from(refreshTokenFamilies)
    .where(standing(userId, now))
    .orderBy(desc(refreshTokenFamilies.lastUsedAt), desc(refreshTokenFamilies.id));
  return rows.map((row) => ({
    id: row.id,
    ...describeDevice(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends one of the user's sessions: its refresh tokens stop working and, since every request checks
 * its session, so does its access token. False when the user has no such standing session.
 */
export async function endSession(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const ended = await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: 'logout' })
    .where(and(eq(refreshTokenFamilies.id, sessionId), standing(userId, now)))
    .returning({ id: refreshTokenFamilies.id });
  return ended.length > 0;
}
