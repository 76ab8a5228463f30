import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { totpFactors } from './schema.js';

/** Whether the user signs in with a second factor; the back office opens only for admins who do. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [totp] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)));
  return totp !== undefined;
}
