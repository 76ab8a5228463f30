import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { EMAIL_VERIFICATION_LIFETIME_HOURS } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { emailVerifications } from './schema.js';

/** A link works once, for 24 hours. */
export const EMAIL_VERIFICATION_LIFETIME_MS = EMAIL_VERIFICATION_LIFETIME_HOURS * 60 * 60 * 1000;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Stores a new link for `email` (the user's address, or the one they asked to change to) and answers
 * its token, which only the mail carries: the table keeps a SHA-256 of it (256 random bits need no
 * salt or slow hash). It replaces the user's earlier link, which stops working.
 */
export async function issueVerificationToken(
  db: Db,
  userId: string,
  email: string,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const fresh = {
    email,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_LIFETIME_MS),
    usedAt: null,
  };
  await db
    .insert(emailVerifications)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({ target: emailVerifications.userId, set: fresh });
  return token;
}

/**
 * Uses up the user's link if `token` is its token and it is unused and unexpired, and answers the
 * address it verifies; null otherwise (another user's token, a used or an expired one). One
 * statement, so two concurrent uses of one link cannot both succeed.
 */
export async function consumeVerificationToken(
  db: Db,
  userId: string,
  token: string,
  now: Date,
): Promise<{ email: string } | null> {
  const [used] = await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerifications.userId, userId),
        eq(emailVerifications.tokenHash, hashToken(token)),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .returning({ email: emailVerifications.email });
  return used ?? null;
}

/** The address of the user's unused link, expired or not (a new link may be asked for it); if any. */
export async function pendingVerificationEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  return row?.email ?? null;
}
