import { createHash } from 'node:crypto';
import { and, count, inArray, lt, min, sql } from 'drizzle-orm';
import { READ_COMMITTED, type Db } from '../../infra/db/index.js';
import { giftCardAttempts } from './schema.js';

/** After this many wrong codes within the window, per user and per IP, redemption answers 429. */
export const GIFT_CARD_WRONG_ATTEMPTS_MAX = 5;
export const GIFT_CARD_ATTEMPT_WINDOW_MINUTES = 15;

/**
 * The first key of the two-key advisory locks that serialise the tries of one subject (the second
 * is the subject's hash). The two-key space is apart from the one-key locks of migrations and seed.
 */
const ATTEMPT_LOCK_CLASS = 0x6763; // "gc"

const windowStart = sql`now() - make_interval(mins => ${GIFT_CARD_ATTEMPT_WINDOW_MINUTES})`;

/** Who is counted: the account, and the client address (hashed: no addresses kept). */
export function attemptSubjects(userId: string, ip: string): string[] {
  return [`user:${userId}`, `ip:${createHash('sha256').update(ip).digest('hex').slice(0, 32)}`];
}

/**
 * Seconds until the oldest wrong attempt of a subject that reached the limit leaves the window,
 * or 0 when every subject may try again. Successful redemptions are never counted.
 */
async function secondsUntilAllowed(db: Db, subjects: readonly string[]): Promise<number> {
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

/** A try that was let through: its attempt rows, one per subject, counted until released. */
export interface AttemptTicket {
  readonly ids: readonly number[];
}

/**
 * Takes one try for every subject, or answers how many seconds they must wait. Each try counts as
 * a wrong one from the moment it is taken, so that concurrent tries cannot all pass the check
 * before any of them is counted; a try whose code was right is released again (`releaseAttempt`).
 * The check and the count are one step per subject: an advisory lock per subject, taken in sorted
 * order (two tries sharing a user and an IP never wait on each other crosswise), is held until
 * commit, and the count that follows must see the rows committed by the holder before: READ
 * COMMITTED (REPEATABLE READ would count from the snapshot of the lock statement, taken before
 * the wait).
 */
export async function takeAttempt(
  db: Db,
  subjects: readonly string[],
): Promise<AttemptTicket | { retryAfterSeconds: number }> {
  const ordered = [...new Set(subjects)].sort();
  return db.transaction(async (tx) => {
    for (const subject of ordered) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_CLASS}, hashtext(${subject}))`,
      );
    }
    const wait = await secondsUntilAllowed(tx, ordered);
    if (wait > 0) return { retryAfterSeconds: wait };
    const rows = await tx
      .insert(giftCardAttempts)
      .values(ordered.map((subject) => ({ subject })))
      .returning({ id: giftCardAttempts.id });
    await tx.delete(giftCardAttempts).where(lt(giftCardAttempts.createdAt, windowStart));
    return { ids: rows.map((row) => row.id) };
  }, READ_COMMITTED);
}

/** Gives back a try that found a right code (or never looked one up): it no longer counts. */
export async function releaseAttempt(db: Db, ticket: AttemptTicket): Promise<void> {
  if (ticket.ids.length === 0) return;
  await db.delete(giftCardAttempts).where(inArray(giftCardAttempts.id, [...ticket.ids]));
}
