import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { recordAccountEvent } from './account-events.js';
import { USER_AGENT_MAX_LENGTH } from './devices.js';
import { refreshTokenFamilies, refreshTokens } from './schema.js';
import type { SessionStrength, SignInMethod } from './sign-in-methods.js';

/** Absolute lifetime of a login: rotating its refresh token does not extend it. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

type RevokedReason = NonNullable<(typeof refreshTokenFamilies.$inferSelect)['revokedReason']>;

/** 256 random bits, base64url: unguessable, so a plain SHA-256 is enough to store it. */
function newRefreshToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashRefreshToken(token) };
}

const hashRefreshToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export interface Session {
  readonly userId: string;
  readonly sessionId: string;
  readonly refreshToken: string;
}

/**
 * A new login: a refresh-token family with its first token, recording how it signed in and when
 * (and, in the account's events, from where).
 * The user's expired families go at the same time, so the tables do not grow without end.
 */
export async function startSession(
  db: Db,
  userId: string,
  signInMethod: SignInMethod,
  now: Date,
  userAgent?: string,
): Promise<Session> {
  const { token, tokenHash } = newRefreshToken();
  return db.transaction(async (tx) => {
    await tx
      .delete(refreshTokenFamilies)
      .where(
        and(eq(refreshTokenFamilies.userId, userId), lte(refreshTokenFamilies.expiresAt, now)),
      );
    const [family] = await tx
      .insert(refreshTokenFamilies)
      .values({
        userId,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
        signInMethod,
        authTime: now,
        userAgent: userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
      })
      .returning({ id: refreshTokenFamilies.id });
    if (!family) throw new Error('inserting a refresh-token family returned no row');
    await tx.insert(refreshTokens).values({ familyId: family.id, tokenHash, createdAt: now });
    await recordAccountEvent(tx, userId, 'signedIn', now);
    return { userId, sessionId: family.id, refreshToken: token };
  });
}

export type RotationResult =
  { readonly kind: 'rotated'; readonly session: Session } | { readonly kind: 'reused' | 'invalid' };

/**
 * Exchanges a refresh token for the next one of its family; the family keeps how and when it signed
 * in (a refresh proves no factor, so it never makes a session stronger or fresher). A token that was already exchanged is
 * reuse (the token leaked, or two parties hold it): the whole family is revoked, the newest token
 * included. The row lock makes two concurrent exchanges of one token count as reuse, not as two sessions.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: Date,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        tokenId: refreshTokens.id,
        rotatedAt: refreshTokens.rotatedAt,
        familyId: refreshTokenFamilies.id,
        userId: refreshTokenFamilies.userId,
        expiresAt: refreshTokenFamilies.expiresAt,
        revokedAt: refreshTokenFamilies.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(refreshTokenFamilies, eq(refreshTokens.familyId, refreshTokenFamilies.id))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
      .for('update', { of: refreshTokens });

    if (!current || current.revokedAt || current.expiresAt <= now) return { kind: 'invalid' };
    if (current.rotatedAt) {
      await tx
        .update(refreshTokenFamilies)
        .set({ revokedAt: now, revokedReason: 'reuse' })
        .where(eq(refreshTokenFamilies.id, current.familyId));
      return { kind: 'reused' };
    }

    const next = newRefreshToken();
    await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(eq(refreshTokens.id, current.tokenId));
    await tx
      .update(refreshTokenFamilies)
      .set({ lastUsedAt: now })
      .where(eq(refreshTokenFamilies.id, current.familyId));
    await tx
      .insert(refreshTokens)
      .values({ familyId: current.familyId, tokenHash: next.tokenHash, createdAt: now });
    return {
      kind: 'rotated',
      session: { userId: current.userId, sessionId: current.familyId, refreshToken: next.token },
    };
  });
}

/** Log out: ends the session the token belongs to, whichever of its tokens it is. */
export async function endSessionOfToken(db: Db, token: string, now: Date): Promise<void> {
  const [found] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (!found) return;
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: 'logout' })
    .where(
      and(eq(refreshTokenFamilies.id, found.familyId), isNull(refreshTokenFamilies.revokedAt)),
    );
}

/** Ends every session of the user, or every one but `exceptSessionId` (the one changing the password). */
export async function endUserSessions(
  db: Db,
  userId: string,
  reason: RevokedReason,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(refreshTokenFamilies.userId, userId),
        isNull(refreshTokenFamilies.revokedAt),
        exceptSessionId === undefined ? undefined : ne(refreshTokenFamilies.id, exceptSessionId),
      ),
    );
}

/**
 * What an access token's session proved, when it still stands (not logged out, revoked or expired);
 * null otherwise.
 */
export async function activeSession(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<SessionStrength | null> {
  const [family] = await db
    .select({
      signInMethod: refreshTokenFamilies.signInMethod,
      authTime: refreshTokenFamilies.authTime,
      reauthenticatedAt: refreshTokenFamilies.reauthenticatedAt,
    })
    .from(refreshTokenFamilies)
    .where(
      and(
        eq(refreshTokenFamilies.id, sessionId),
        eq(refreshTokenFamilies.userId, userId),
        isNull(refreshTokenFamilies.revokedAt),
        gt(refreshTokenFamilies.expiresAt, now),
      ),
    );
  return family ?? null;
}
