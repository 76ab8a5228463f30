import { createHash } from 'node:crypto';
import { and, count, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { giftCardAttempts } from './schema.js';

/** After this many wrong codes within the window, per user and per IP, redemption answers 429. */
export const GIFT_CARD_WRONG_ATTEMPTS_MAX = 5;
export const GIFT_CARD_ATTEMPT_WINDOW_MINUTES = 15;

const windowStart = sql`now() - make_interval(mins => ${GIFT_CARD_ATTEMPT_WINDOW_MINUTES})`;

/** Who is counted: the account, and the client address (hashed: no addresses kept). */
export function attemptSubjects(userId: string, ip: string): string[] {
  return [`user:${userId}`, `ip:${createHash('sha256').update(ip).digest('hex').slice(0, 32)}`];
}

/**
 * Seconds until the oldest wrong attempt of a subject that reached the limit leaves the window,
 * or 0 when every subject may try again. Successful redemptions are never counted.
 */
export async function secondsUntilAllowed(db: Db, subjects: readonly string[]): Promise<number> {
  const rows = await db
    .select({
      attempts: count(),
      oldest: min(giftCardAttempts.createdAt),
    })
    .from(giftCardAttempts)
    .where(
      and(
        inArray(giftCardAttempts.subject, [...subjects]),
        sql`${giftCardAttempts.createdAt} > ${windowStart}`,
      ),
    )
    .groupBy(giftCardAttempts.subject);
  const blocked = rows.filter((row) => row.attempts >= GIFT_CARD_WRONG_ATTEMPTS_MAX);
  if (blocked.length === 0) return 0;
  const windowMs = GIFT_CARD_ATTEMPT_WINDOW_MINUTES * 60_000;
  const waits = blocked.map((row) =>
    Math.ceil(((row.oldest?.getTime() ?? Date.now()) + windowMs - Date.now()) / 1000),
  );
  return Math.max(1, ...waits);
}

/** Counts one wrong code against each subject, and forgets attempts older than the window. */
export async function recordWrongAttempt(db: Db, subjects: readonly string[]): Promise<void> {
  await db.insert(giftCardAttempts).values(subjects.map((subject) => ({ subject })));
  await db.delete(giftCardAttempts).where(lt(giftCardAttempts.createdAt, windowStart));
}
