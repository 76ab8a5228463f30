import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';

/**
 * A password reset proves the address (its code was mailed there), so in the reset's transaction:
 * the address counts as verified; a pending change to another address is cancelled (whoever asked
 * for it may have known the old password); and the factors added while the address was unverified
 * go, since they prove nothing: a squatter who registered someone's address and added a passkey or
 * two-step sign-in before its owner turned up must not keep a way in (account pre-hijacking).
 */
export async function claimAddressByReset(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update users set email_verified_at = coalesce(email_verified_at, ${now}) where id = ${userId}`);
  await tx.execute(sql`
    delete from email_verifications v using users u
    where v.user_id = ${userId} and u.id = v.user_id and v.email <> u.email`);
  await tx.execute(sql`delete from passkeys where user_id = ${userId} and added_unverified`);
  const removedTotp = await tx.execute<{ user_id: string }>(
    sql`delete from totp_factors where user_id = ${userId} and added_unverified returning user_id`,
  );
  if (removedTotp.rows.length > 0) {
    await tx.execute(sql`delete from totp_recovery_codes where user_id = ${userId}`);
  }
}
