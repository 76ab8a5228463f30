import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Db } from '../../infra/db/index.js';
import type { WEBAUTHN_CEREMONIES } from './schema.js';
import { webauthnChallenges } from './schema.js';

export type Ceremony = (typeof WEBAUTHN_CEREMONIES)[number];

/** How long a passkey ceremony may take, from the options to the signed answer. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export interface IssuedChallenge {
  readonly challenge: string;
  readonly ceremony: Ceremony;
  /** The signed-in user a registration challenge was given to; null for a sign-in. */
  readonly userId: string | null;
  /** The user handle the new passkey is to carry (registration only). */
  readonly userHandle: string | null;
}

/** Keeps a challenge handed out; expired ones go at the same time, so the table does not grow. */
export async function storeChallenge(db: Db, issued: IssuedChallenge, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    ...issued,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
}

/**
 * Takes a challenge for one use: it is deleted in the same statement that finds it, so of two
 * answers with one challenge only one gets it. Null when it is unknown, used, expired, of another
 * ceremony or (registration) of another user.
 */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  ceremony: Ceremony,
  userId: string | null,
  now: Date,
): Promise<IssuedChallenge | null> {
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.ceremony, ceremony),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  return taken ?? null;
}

/** The challenge the browser signed, read from its client data; null when that is unreadable. */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
      ? challenge
      : null;
  } catch {
    return null;
  }
}
