import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { ACCOUNT_EVENT_DAYS, type AccountEvent, type AccountEventKind } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { currentOrigin } from './request-origin.js';
import { accountEvents } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The most events one answer lists, newest first. Anyone who knows an address can add failed
 * sign-ins to its account (up to the per-address limit, about a thousand a day): the list stays
 * small enough to read and to render however many there are.
 */
export const ACCOUNT_EVENT_LIST_LIMIT = 100;

/** The instant before which events are past their period and no longer shown or kept. */
export const accountEventsSince = (now: Date): Date =>
  new Date(now.getTime() - ACCOUNT_EVENT_DAYS * DAY_MS);

/**
 * Records what happened to the account, with the browser and network of the request under way.
 * Called with the transaction of the change itself, so an event exists exactly when the change does.
 */
export async function recordAccountEvent(
  tx: Db,
  userId: string,
  kind: AccountEventKind,
  now: Date = new Date(),
): Promise<void> {
  await tx.insert(accountEvents).values({ userId, kind, at: now, ...currentOrigin() });
}

/** The user's newest ACCOUNT_EVENT_LIST_LIMIT events of the last ACCOUNT_EVENT_DAYS days. */
export async function listAccountEvents(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<AccountEvent[]> {
  const rows = await db
    .select()
    .from(accountEvents)
    .where(and(eq(accountEvents.userId, userId), gte(accountEvents.at, accountEventsSince(now))))
    .orderBy(desc(accountEvents.at), desc(accountEvents.id))
    .limit(ACCOUNT_EVENT_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    at: row.at.toISOString(),
    browser: row.browser,
    os: row.os,
    ipRange: row.ipRange,
  }));
}

/** Deletes every account's events past their period; answers how many went. */
export async function deleteExpiredAccountEvents(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(accountEvents)
    .where(lt(accountEvents.at, accountEventsSince(now)))
    .returning({ id: accountEvents.id });
  return deleted.length;
}
