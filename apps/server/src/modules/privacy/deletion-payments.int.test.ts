// Deleting an account with money on its way: refused while a payment is pending or processing,
// and a success that still reaches a deleted account (its payment started as the account went) is
// refunded through the provider, never credited to nobody.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiPaths, PRIVACY_MESSAGES } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, randomIp, signUp, type TestUser } from '../../test/index.js';
import { openLockHolder } from '../../test/lock-holder.js';
import {
  balanceOfUser,
  deliverSandboxEvent,
  depositRequest,
  paymentOfLink,
  postDeposit,
  startDeposit,
  userIdOf,
} from '../../test/payments.js';
import { payments } from '../payments/index.js';

const deleteAccount = (app: App, user: TestUser) =>
  app.inject({
    method: 'POST',
    url: apiPaths.privacyAccountDeletion,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    payload: { password: user.password },
  });

describeEachEngine('account deletion with money in flight', (ctx) => {
  const paymentRow = async (paymentId: string) => {
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId));
    return row;
  };

  it('is refused while a deposit is pending or processing, with the reason, and allowed once it went through', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 1_000, 'EUR');

    const pending = await deleteAccount(app, user);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ errors: { '': PRIVACY_MESSAGES.paymentInFlight } });

    await ctx.database.db
      .update(payments)
      .set({ status: 'processing' })
      .where(eq(payments.id, deposit.paymentId));
    expect((await deleteAccount(app, user)).json()).toEqual({
      errors: { '': PRIVACY_MESSAGES.paymentInFlight },
    });

    const settled = await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
    expect(settled.statusCode).toBe(200);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000);
    expect((await deleteAccount(app, user)).statusCode).toBe(200);
  });

  it('refunds, and credits nowhere, a success for an account deleted while its payment was open', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 1_000, 'EUR');
    // The payment opened as the account went (see the PostgreSQL interleaving below).
    await ctx.database.db
      .update(payments)
      .set({ status: 'failed' })
      .where(eq(payments.id, deposit.paymentId));
    expect((await deleteAccount(app, user)).statusCode).toBe(200);
    await ctx.database.db
      .update(payments)
      .set({ status: 'pending' })
      .where(eq(payments.id, deposit.paymentId));

    const late = await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
    await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });

    expect(late.statusCode).toBe(200);
    const row = await paymentRow(deposit.paymentId);
    expect(row?.status).toBe('late');
    expect(row?.refundedAt).not.toBeNull();
    expect(row?.refundedAmount).toBe(1_000);
    const credited = await ctx.database.db.execute<{ amount: number }>(
      `select coalesce(sum(amount), 0)::int as amount from balances where user_id = '${userIdOf(user)}'`,
    );
    expect(Number(credited.rows[0]?.amount)).toBe(0);
  });

  it.runIf(ctx.engine === 'postgres')(
    'a deposit started while the deletion commits is refunded on success, not credited to the deleted account',
    async () => {
      const app = await ctx.buildApp();
      const user = await signUp(app);
      const holder = await openLockHolder(ctx.database);
      let depositResponse;
      try {
        // Holds the deletion after its check of payments: it deletes the account's refresh tokens.
        await holder.query('select 1 from refresh_token_families where user_id = $1 for update', [
          userIdOf(user),
        ]);
        const deletion = deleteAccount(app, user);
        await holder.waitForWaiters(1);
        // The deposit's payment insert waits for the deletion's lock on the account row.
        const deposit = postDeposit(app, user, depositRequest({ depositAmount: 1_000 }));
        await holder.waitForWaiters(2);
        await holder.release();
        expect((await deletion).statusCode).toBe(200);
        depositResponse = await deposit;
      } finally {
        await holder.close();
      }
      // Its request was in before the deletion: it goes through, and its money must go back.
      expect(depositResponse.statusCode).toBe(200);
      const link = paymentOfLink(depositResponse.json<{ paymentLink: string }>().paymentLink);

      const late = await deliverSandboxEvent(app, { type: 'succeeded', ...link });

      expect(late.statusCode).toBe(200);
      const row = await paymentRow(link.paymentId);
      expect(row?.status).toBe('late');
      expect(row?.refundedAt).not.toBeNull();
      const credited = await ctx.database.db.execute<{ amount: number }>(
        `select coalesce(sum(amount), 0)::int as amount from balances where user_id = '${userIdOf(user)}'`,
      );
      expect(Number(credited.rows[0]?.amount)).toBe(0);
    },
  );
});
