import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { hasPasskey } from './passkeys.js';
import { totpFactors } from './schema.js';

/**
 * Whether the user has a second factor: a confirmed one-time-code step, or a passkey (which checks
 * the user on the device, so it is two factors in one). The back office opens only for admins who do.
 */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [totp] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)));
  return totp !== undefined || (await hasPasskey(db, userId));
}
