import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { seal } from '../../infra/seal.js';
import { deriveKey } from '../../infra/secret.js';
import {
  bearer,
  describeEachEngine,
  enrollTwoStep,
  loginWithCode,
  randomIp,
  signUp,
  totpCode,
  type TestUser,
} from '../../test/index.js';
import {
  creditBalance,
  giftCardCodeOf,
  orderRequest,
  ordersOf,
  placeOrder,
} from '../../test/orders.js';
import { users } from '../accounts/index.js';
import { signingKeyId } from './data-key.js';
import { dataKeys } from './schema.js';

const OLD_SECRET = 'the-secret-that-leaked-into-a-ci-log-0001';
const NEW_SECRET = 'the-secret-that-replaced-it-after-rotation-0002';
const STRANGER = 'a-secret-this-database-has-never-seen-0003';

const profileStatus = async (app: App, user: TestUser) =>
  (
    await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(user.accessToken),
    })
  ).statusCode;

const redeem = (app: App, user: TestUser, giftCardNumber: string) =>
  app.inject({
    method: 'POST',
    url: apiPaths.balanceGiftCard,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    payload: { giftCardNumber },
  });

describeEachEngine('rotating JWT_SECRET', (ctx) => {
  it('logs nobody out of two-step sign-in and voids no gift card; the old secret can then go', async () => {
    const before = await ctx.buildApp({ env: { JWT_SECRET: OLD_SECRET } });
    const owner = await signUp(before);
    const { secret, confirmedStep, recoveryCodes } = await enrollTwoStep(before, owner);
    const buyer = await signUp(before);
    await creditBalance(ctx.database.db, buyer, 2_500, 'EUR');
    await placeOrder(
      before,
      buyer,
      orderRequest([], { giftCardAmount: 2_500, currency: 'EUR', payByBalance: true }),
    );
    const [order] = await ordersOf(before, buyer);

    // Rolled out: the new secret, with the old one kept for reading.
    const during = await ctx.buildApp({
      env: { JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: OLD_SECRET },
    });
    expect(await profileStatus(during, owner)).toBe(200);
    const withCode = await loginWithCode(during, owner, await totpCode(secret, confirmedStep + 1));
    expect(withCode.statusCode, withCode.body).toBe(200);
    const code = await giftCardCodeOf(during, buyer, order?.id ?? 0);
    expect(code).not.toBe('');
    const [row] = await ctx.database.db.select().from(dataKeys);
    expect(row?.wrappedBy).toBe(signingKeyId(NEW_SECRET));

    // The old secret dropped: everything sealed before still opens.
    const after = await ctx.buildApp({ env: { JWT_SECRET: NEW_SECRET } });
    const again = await loginWithCode(after, owner, recoveryCodes[0]);
    expect(again.statusCode, again.body).toBe(200);
    const redeemer = await signUp(after);
    const redeemed = await redeem(after, redeemer, code);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    // A token signed with the old secret is no longer accepted once it is dropped.
    expect(await profileStatus(after, owner)).toBe(401);

    // A process given neither secret cannot open the data, and says which secret it lacks.
    await expect(ctx.buildApp({ env: { JWT_SECRET: STRANGER } })).rejects.toThrow(
      new RegExp(
        `JWT_SECRET: the data key is wrapped under the secret with id ${signingKeyId(NEW_SECRET)}`,
      ),
    );
  }, 120_000);

  it('keeps data sealed before data keys existed readable: the secret of that time becomes the data key', async () => {
    // As an older release stored it: no data key, the TOTP secret sealed under JWT_SECRET itself.
    await ctx.database.db.delete(dataKeys);
    const first = await ctx.buildApp({ env: { JWT_SECRET: OLD_SECRET } });
    const owner = await signUp(first);
    await ctx.database.db.delete(dataKeys);
    const [account] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, owner.email));
    const userId = account!.id;
    const totpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const sealedSecret = seal(deriveKey(OLD_SECRET, 'totp-secret'), `totp:${userId}`, totpSecret);
    // And a recovery code hashed as then: under a key from JWT_SECRET, not bound to the user.
    const oldRecoveryHash = createHmac('sha256', deriveKey(OLD_SECRET, 'recovery-code'))
      .update('ABCDEFGHJK')
      .digest('hex');
    await ctx.database.db.execute(sql`
      insert into totp_factors (user_id, sealed_secret, enabled_at)
      values (${userId}, ${sealedSecret}, now())`);
    await ctx.database.db.execute(sql`
      insert into totp_recovery_codes (user_id, code_hash) values (${userId}, ${oldRecoveryHash})`);

    // Upgrading and rotating in one go is refused: the release must first start on the old secret.
    await expect(
      ctx.buildApp({ env: { JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: OLD_SECRET } }),
    ).rejects.toThrow(/JWT_SECRET_PREVIOUS: this database holds data sealed under JWT_SECRET/);

    const upgraded = await ctx.buildApp({ env: { JWT_SECRET: OLD_SECRET } });
    const login = await loginWithCode(upgraded, owner, await totpCode(totpSecret));
    expect(login.statusCode, login.body).toBe(200);

    const rotated = await ctx.buildApp({
      env: { JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: OLD_SECRET },
    });
    const next = Math.floor(Date.now() / 30_000) + 1;
    const afterRotation = await loginWithCode(rotated, owner, await totpCode(totpSecret, next));
    expect(afterRotation.statusCode, afterRotation.body).toBe(200);
    const byOldRecoveryCode = await loginWithCode(rotated, owner, 'abcde-fghjk');
    expect(byOldRecoveryCode.statusCode, byOldRecoveryCode.body).toBe(200);
  }, 120_000);
});
