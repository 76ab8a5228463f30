import { createHmac, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { RESET_CODE_ALPHABET, RESET_CODE_LENGTH } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { passwordResetCodes } from './schema.js';

/** A reset code works once, for 15 minutes, and dies after 5 wrong tries. */
export const RESET_CODE_LIFETIME_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_FAILED_ATTEMPTS = 5;

/** RESET_CODE_LENGTH characters drawn uniformly from the unambiguous alphabet (about 50 bits). */
export function generateResetCode(): string {
  let code = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i++) {
    code += RESET_CODE_ALPHABET[randomInt(RESET_CODE_ALPHABET.length)];
  }
  return code;
}

export function hashResetCode(key: Uint8Array, code: string): string {
  return createHmac('sha256', key).update(code).digest('hex');
}

/** Stores the user's new code, replacing (and so invalidating) any earlier one. */
export async function saveResetCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<void> {
  const fresh = {
    codeHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_CODE_LIFETIME_MS),
    failedAttempts: 0,
    usedAt: null,
  };
  await db
    .insert(passwordResetCodes)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({ target: passwordResetCodes.userId, set: fresh });
}

/**
 * Uses up the user's code if `codeHash` is its hash and it is still alive; otherwise counts a failed
 * attempt against a live code. Each is a single statement, so concurrent tries cannot use one code
 * twice or slip past the attempt limit.
 */
export async function consumeResetCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const alive = and(
    eq(passwordResetCodes.userId, userId),
    isNull(passwordResetCodes.usedAt),
    gt(passwordResetCodes.expiresAt, now),
    lt(passwordResetCodes.failedAttempts, RESET_CODE_MAX_FAILED_ATTEMPTS),
  );
  const used = await db
    .update(passwordResetCodes)
    .set({ usedAt: now })
    .where(and(alive, eq(passwordResetCodes.codeHash, codeHash)))
    .returning({ id: passwordResetCodes.id });
  if (used.length > 0) return true;

  await db
    .update(passwordResetCodes)
    .set({ failedAttempts: sql`${passwordResetCodes.failedAttempts} + 1` })
    .where(alive);
  return false;
}

/** After a password change the pending code, if any, is of no more use. */
export async function deleteResetCode(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
}
