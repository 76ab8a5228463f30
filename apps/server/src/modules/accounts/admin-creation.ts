import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import {
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  personalWords,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { describeDevice } from './devices.js';
import { hashPassword, isStrongPassword } from './passwords.js';
import { passkeys, refreshTokenFamilies, totpFactors, users } from './schema.js';

/** What the operator is shown about an account before (and when) it becomes an admin. */
export interface ExistingAccount {
  readonly email: string;
  readonly emailVerified: boolean;
  readonly isAdmin: boolean;
  readonly twoStepOn: boolean;
  readonly passkeys: readonly { name: string; createdAt: Date; lastUsedAt: Date | null }[];
  readonly sessions: readonly { device: string; signedInAt: Date; lastUsedAt: Date }[];
}

export type AdminCreation =
  | { readonly outcome: 'created' }
  | { readonly outcome: 'already-admin'; readonly account: ExistingAccount }
  /** `account` as it was: its sessions listed there have been ended. */
  | { readonly outcome: 'promoted'; readonly account: ExistingAccount };

/** The command refuses: nothing was changed. The account is shown so the operator can judge. */
export class AdminPromotionRefused extends Error {
  constructor(
    message: string,
    readonly account: ExistingAccount,
  ) {
    super(message);
    this.name = 'AdminPromotionRefused';
  }
}

async function describeAccount(
  tx: Db,
  user: typeof users.$inferSelect,
  now: Date,
): Promise<ExistingAccount> {
  const [totp] = await tx
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.enabledAt)));
  const keys = await tx
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .orderBy(asc(passkeys.createdAt));
  const sessions = await tx
    .select({
      userAgent: refreshTokenFamilies.userAgent,
      signedInAt: refreshTokenFamilies.createdAt,
      lastUsedAt: refreshTokenFamilies.lastUsedAt,
    })
    .from(refreshTokenFamilies)
    .where(standingSessions(user.id, now))
    .orderBy(asc(refreshTokenFamilies.createdAt));
  return {
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    isAdmin: user.role === 'admin',
    twoStepOn: Boolean(totp),
    passkeys: keys,
    sessions: sessions.map(({ userAgent, signedInAt, lastUsedAt }) => {
      const { browser, os } = describeDevice(userAgent);
      return {
        device: [browser, os].filter(Boolean).join(' on ') || 'unknown device',
        signedInAt,
        lastUsedAt,
      };
    }),
  };
}

const standingSessions = (userId: string, now: Date) =>
  and(
    eq(refreshTokenFamilies.userId, userId),
    isNull(refreshTokenFamilies.revokedAt),
    gt(refreshTokenFamilies.expiresAt, now),
  );

/**
 * `npm run admin:create`. A new address: an admin account with this password (which must pass the
 * sign-up rules), verified, since the operator chose the address. An existing account is never
 * promoted silently: anyone may have registered the address first and added their own passkey,
 * two-step sign-in or sessions. It is promoted only when `promote` is given and its address is
 * verified; its sessions are ended in the same transaction, so every way in afterwards is a fresh
 * sign-in that the admin gate judges. An account that is an admin already is left as it is.
 */
export async function createOrPromoteAdmin(
  db: Db,
  email: string,
  password: () => Promise<string>,
  { promote = false, now = new Date() }: { promote?: boolean; now?: Date } = {},
): Promise<AdminCreation> {
  const existing = await db.transaction(async (tx): Promise<AdminCreation | null> => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!user) return null;
    const account = await describeAccount(tx, user, now);
    if (account.isAdmin) return { outcome: 'already-admin', account };
    if (!promote) {
      throw new AdminPromotionRefused(
        `An account with ${email} exists already. Check what it holds (below); to make it an admin ` +
          'and end its sessions, run the command again with --promote.',
        account,
      );
    }
    if (!account.emailVerified) {
      throw new AdminPromotionRefused(
        `${email} has not been verified: whoever registered it may not own the address. Have its ` +
          'owner open the verification link first, or use another address.',
        account,
      );
    }
    await tx.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    await tx
      .update(refreshTokenFamilies)
      .set({ revokedAt: now, revokedReason: 'admin-promotion' })
      .where(standingSessions(user.id, now));
    return { outcome: 'promoted', account };
  });
  if (existing) return existing;

  const chosen = await password();
  const parsed = NewPasswordSchema.safeParse(chosen);
  if (!parsed.success || !isStrongPassword(chosen, personalWords(email))) {
    throw new Error(
      `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters and hard to guess.`,
    );
  }
  const passwordHash = await hashPassword(chosen);
  await db
    .insert(users)
    .values({ email, passwordHash, role: 'admin', emailVerifiedAt: new Date() });
  return { outcome: 'created' };
}
