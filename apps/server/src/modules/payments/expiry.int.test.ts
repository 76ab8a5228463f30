// The expiry sweep: overdue pending payments are settled as expired, once, even
// when several processes sweep together; paid ones and ones still in their grace are left alone.
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { apiPathTo } from '@pictura/contract';
import type { App } from '../../app.js';
import { createSandboxGateway } from '../../infra/payments/index.js';
import { bearer, describeEachEngine, signUp, testConfig, type TestUser } from '../../test/index.js';
import {
  balanceOfUser,
  deliverSandboxEvent,
  startDeposit,
  testSandboxKeys,
} from '../../test/payments.js';
import { DEPOSIT_PAYMENT_WINDOW_MS, depositSettlement } from '../wallet/index.js';
import { createPaymentsService, EXPIRY_GRACE_MS, payments, type PaymentRow } from './index.js';

const statusOf = async (app: App, user: TestUser, paymentId: string) =>
  (
    await app.inject({
      method: 'GET',
      url: apiPathTo.payment(paymentId),
      headers: bearer(user.accessToken),
    })
  ).json<{ status: string }>().status;

describeEachEngine('payment expiry', (ctx) => {
  /**
   * A second API process's payments service on the same database (the app keeps its own), whose
   * deposit handlers also note every settlement they are told of.
   */
  function anotherProcess(settlements: { paymentId: string; status: string }[]) {
    const payments = createPaymentsService({
      db: ctx.database.db,
      gateway: createSandboxGateway({ keys: testSandboxKeys() }),
      publicUrl: testConfig().publicUrl,
      log: pino({ level: 'silent' }),
    });
    const note = (payment: PaymentRow, status: string) =>
      settlements.push({ paymentId: payment.id, status });
    payments.onSettled('deposit', {
      async succeeded(tx, payment) {
        note(payment, 'succeeded');
        return depositSettlement.succeeded(tx, payment);
      },
      async failed(tx, payment, status) {
        note(payment, status);
        await depositSettlement.failed(tx, payment, status);
      },
    });
    return payments;
  }

  it('settles each overdue payment once when processes sweep at the same time', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const started = Date.now();
    const first = await startDeposit(app, user, 1_000, 'EUR');
    const second = await startDeposit(app, user, 2_000, 'USD');
    const paid = await startDeposit(app, user, 3_000, 'EUR');
    await deliverSandboxEvent(app, { type: 'succeeded', ...paid });
    const settlements: { paymentId: string; status: string }[] = [];
    const processes = [anotherProcess(settlements), anotherProcess(settlements)];
    const overdue = new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000);

    const counts = await Promise.all([
      processes[0]?.expireOverdue(overdue),
      processes[1]?.expireOverdue(overdue),
      processes[0]?.expireOverdue(overdue),
    ]);
    const again = await processes[1]?.expireOverdue(overdue);

    const ours = settlements.filter((s) => s.paymentId !== paid.paymentId);
    expect(ours).toHaveLength(2);
    expect(ours).toEqual(
      expect.arrayContaining([
        { paymentId: first.paymentId, status: 'expired' },
        { paymentId: second.paymentId, status: 'expired' },
      ]),
    );
    expect(counts.reduce<number>((sum, n = 0) => sum + n, 0)).toBe(2);
    expect(again).toBe(0);
    expect(await statusOf(app, user, first.paymentId)).toBe('expired');
    expect(await statusOf(app, user, second.paymentId)).toBe('expired');
    expect(await statusOf(app, user, paid.paymentId)).toBe('succeeded');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(3_000);
    expect(await balanceOfUser(app, user, 'USD')).toBe(0);
  });

  it('leaves a payment alone within its window and its grace', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const started = Date.now();
    const deposit = await startDeposit(app, user, 1_000, 'EUR');
    const settlements: { paymentId: string; status: string }[] = [];
    const sweeper = anotherProcess(settlements);

    await sweeper.expireOverdue(new Date(started + DEPOSIT_PAYMENT_WINDOW_MS - 60_000));
    await sweeper.expireOverdue(
      new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS - 60_000),
    );

    expect(settlements.filter((s) => s.paymentId === deposit.paymentId)).toEqual([]);
    expect(await statusOf(app, user, deposit.paymentId)).toBe('pending');
    // The provider's answer within the grace still counts.
    await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000);
  });

  it('credits nothing for a success that arrives after the payment expired, and refunds it', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const started = Date.now();
    const deposit = await startDeposit(app, user, 1_000, 'EUR');
    const sweeper = anotherProcess([]);
    await sweeper.expireOverdue(
      new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000),
    );

    const late = await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });

    expect(late.statusCode).toBe(200);
    expect(await statusOf(app, user, deposit.paymentId)).toBe('late');
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    // The sandbox gets the same refund call as Stripe; it answers with a refund id of its own.
    const [refunded] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, deposit.paymentId));
    expect(refunded).toMatchObject({ refundedAmount: 1_000, refundedAt: expect.any(Date) });
    expect(refunded?.providerRefundId).toMatch(/^sbx_re_/);
  });

  it('goes on with the other payments when settling one fails', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const started = Date.now();
    const broken = await startDeposit(app, user, 1_000, 'EUR');
    const fine = await startDeposit(app, user, 2_000, 'EUR');
    const sweeper = createPaymentsService({
      db: ctx.database.db,
      gateway: createSandboxGateway({ keys: testSandboxKeys() }),
      publicUrl: testConfig().publicUrl,
      log: pino({ level: 'silent' }),
    });
    sweeper.onSettled('deposit', {
      succeeded: depositSettlement.succeeded,
      async failed(_tx, payment) {
        if (payment.id === broken.paymentId) throw new Error('the owner module failed');
      },
    });
    const overdue = new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000);

    await sweeper.expireOverdue(overdue);

    expect(await statusOf(app, user, broken.paymentId)).toBe('pending');
    expect(await statusOf(app, user, fine.paymentId)).toBe('expired');
  });
});
