import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import {
  addPasskey,
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  enrollTwoStep,
  PASSKEY_ORIGIN,
  signUp,
  type TestUser,
} from '../../test/index.js';
import { AdminPromotionRefused, createOrPromoteAdmin } from './admin-creation.js';
import { users } from './schema.js';

const NEW_ADMIN_PASSWORD = 'copper-Meadow-58-anchor';
const noPassword = async (): Promise<string> => {
  throw new Error('an existing account is never given a new password');
};

const profileStatus = async (app: App, user: TestUser) =>
  (
    await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(user.accessToken),
    })
  ).statusCode;

describeEachEngine('admin:create and existing accounts', (ctx) => {
  const env = { PUBLIC_URL: PASSKEY_ORIGIN };
  const roleOf = async (email: string) =>
    (
      await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.email, email))
    )[0]?.role;

  it('refuses to promote an existing account without --promote, and shows what it holds', async () => {
    const app = await ctx.buildApp({ env });
    // Someone registered the address the operator is about to use, with a passkey of their own.
    const squatter = await signUp(app);
    await addPasskey(
      app,
      squatter,
      createSoftAuthenticator({ origin: PASSKEY_ORIGIN }),
      'Squatter key',
    );

    const refusal = await createOrPromoteAdmin(ctx.database.db, squatter.email, noPassword).catch(
      (err: unknown) => err,
    );

    expect(refusal).toBeInstanceOf(AdminPromotionRefused);
    const { account, message } = refusal as AdminPromotionRefused;
    expect(message).toContain('--promote');
    expect(account.passkeys.map((key) => key.name)).toEqual(['Squatter key']);
    expect(account.sessions.length).toBeGreaterThan(0);
    expect(await roleOf(squatter.email)).toBe('customer');
    expect(await profileStatus(app, squatter)).toBe(200);
  });

  it('refuses --promote for an unverified address', async () => {
    const app = await ctx.buildApp({ env });
    const squatter = await signUp(app, { verified: false });

    await expect(
      createOrPromoteAdmin(ctx.database.db, squatter.email, noPassword, { promote: true }),
    ).rejects.toThrow(/has not been verified/);
    expect(await roleOf(squatter.email)).toBe('customer');
  });

  it('with --promote and a verified address: promotes, reports passkeys, two-step and sessions, and ends the sessions', async () => {
    const app = await ctx.buildApp({ env });
    const owner = await signUp(app);
    await enrollTwoStep(app, owner);
    await addPasskey(app, owner, createSoftAuthenticator({ origin: PASSKEY_ORIGIN }), 'Desk key');

    const result = await createOrPromoteAdmin(ctx.database.db, owner.email, noPassword, {
      promote: true,
    });

    expect(result.outcome).toBe('promoted');
    if (result.outcome !== 'promoted') return;
    expect(result.account).toMatchObject({ emailVerified: true, isAdmin: false, twoStepOn: true });
    expect(result.account.passkeys.map((key) => key.name)).toEqual(['Desk key']);
    expect(result.account.sessions).toHaveLength(1);
    expect(await roleOf(owner.email)).toBe('admin');
    // The session opened before the promotion is over: the admin signs in afresh.
    expect(await profileStatus(app, owner)).toBe(401);
  });

  it('leaves an admin as it is, and creates a new admin, verified, for a new address', async () => {
    const email = `admin-${Date.now()}@example.com`;
    expect(
      await createOrPromoteAdmin(ctx.database.db, email, async () => NEW_ADMIN_PASSWORD),
    ).toEqual({ outcome: 'created' });
    const again = await createOrPromoteAdmin(ctx.database.db, email, noPassword);

    expect(again.outcome).toBe('already-admin');
    const [row] = await ctx.database.db
      .select({ role: users.role, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.role).toBe('admin');
    expect(row?.verifiedAt).not.toBeNull();
  });
});
