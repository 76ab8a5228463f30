// A late payment's automatic refund against the bank's dispute of the same payment, and against
// another sweep, with the interleaving forced on PostgreSQL: the refund is claimed under the
// payment's row lock before the provider is asked, so the provider is asked at most once and never
// after the shop knows the bank took the money back. The provider here plays Stripe's rules: it
// refuses to refund a charged-back payment, and answers a repeated idempotency key with its first
// refund.
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { ADMIN_PAYMENT_REFUND_MESSAGES, adminApiPathTo } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import {
  createSandboxGateway,
  type PaymentGateway,
  type RefundRequest,
} from '../../infra/payments/index.js';
import { bearer, describeEachEngine, signUp, signUpAdmin, testConfig } from '../../test/index.js';
import { openLockHolder } from '../../test/lock-holder.js';
import {
  deliverSandboxDispute,
  ledgerSums,
  signedSandboxWebhook,
  startDeposit,
  testSandboxKeys,
  userIdOf,
} from '../../test/payments.js';
import { DEPOSIT_PAYMENT_WINDOW_MS, depositSettlement } from '../wallet/index.js';
import { createPaymentsService, EXPIRY_GRACE_MS, payments } from './index.js';
import { paymentEvents } from './schema.js';
import { LATE_REFUND_CLAIM_MS, lateRefundKey } from './late-refund.js';

const AMOUNT = 1_400;
const DISPUTE_LOCK = 0x1a7e; // the test's own advisory lock ("late")

/** A promise the test resolves when it wants the held side to go on. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The payment provider as the test plays it: every refund asked for, and the charged-back payments. */
function testProvider() {
  const sandbox = createSandboxGateway({ keys: testSandboxKeys() });
  const asked: RefundRequest[] = [];
  const refunded = new Map<string, RefundRequest>();
  const chargedBack = new Set<string>();
  let held: { entered: () => void; opened: Promise<void> } | undefined;
  const gateway = (down = false): PaymentGateway => ({
    ...sandbox,
    async refund(request) {
      asked.push(request);
      if (down) throw new Error('provider unavailable');
      const hold = held;
      held = undefined;
      hold?.entered();
      await hold?.opened;
      // Stripe: "charge has been charged back; cannot issue a refund".
      if (chargedBack.has(request.providerSessionId)) throw new Error('charge_disputed');
      if (!refunded.has(request.idempotencyKey)) refunded.set(request.idempotencyKey, request);
      return sandbox.refund(request);
    },
  });
  return {
    gateway,
    asked,
    refunded,
    chargedBack,
    /** The next refund call waits, once it reached the provider, until `opened`. */
    holdNextRefund(hold: { entered: () => void; opened: Promise<void> }) {
      held = hold;
    },
  };
}

/** Makes a dispute's transaction wait, after it marked the payment withdrawn, for the test's lock. */
async function installDisputeBarrier(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`
      create or replace function test_dispute_barrier() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock_shared(${DISPUTE_LOCK});
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`
      create or replace trigger test_dispute_barrier after update on payments for each row
      when (new.dispute_stage = 'withdrawn' and old.dispute_stage is distinct from 'withdrawn')
      execute function test_dispute_barrier()`),
  );
}

describeEachEngine('late refunds claimed before the provider is asked', (ctx) => {
  const service = (gateway: PaymentGateway) => {
    const payments = createPaymentsService({
      db: ctx.database.db,
      gateway,
      publicUrl: testConfig().publicUrl,
      log: pino({ level: 'silent' }),
    });
    payments.onSettled('deposit', depositSettlement);
    return payments;
  };

  /** A deposit that expired, then succeeded: late, its refund not made (the provider was down). */
  async function latePayment() {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const started = Date.now();
    const deposit = await startDeposit(app, user, AMOUNT, 'EUR');
    const provider = testProvider();
    const down = service(provider.gateway(true));
    await down.expireOverdue(
      new Date(started + DEPOSIT_PAYMENT_WINDOW_MS + EXPIRY_GRACE_MS + 60_000),
    );
    const { body, headers } = signedSandboxWebhook({ type: 'succeeded', ...deposit });
    expect(await down.handleWebhook({ rawBody: Buffer.from(body), headers })).toBe(true);
    provider.asked.length = 0;
    const row = await paymentRow(deposit.paymentId);
    // The failed attempt gave its claim up: the next sweep may try at once.
    expect(row).toMatchObject({ status: 'late', refundedAt: null, refundClaimedAt: null });
    const dispute = (status: 'needs_response' | 'lost') =>
      deliverSandboxDispute(app, {
        kind: status === 'lost' ? 'closed' : 'funds_withdrawn',
        status,
        paymentId: deposit.paymentId,
        amount: AMOUNT,
        currency: 'EUR',
      });
    return { app, user, payment: row, provider, dispute };
  }

  const paymentRow = async (id: string) => {
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
    if (!row) throw new Error(`no payment ${id}`);
    return row;
  };

  it.runIf(ctx.engine === 'postgres')(
    'a dispute committing while the sweep claims: the claim waits, sees it, and the provider is never asked',
    async () => {
      const { user, payment, provider, dispute } = await latePayment();
      await installDisputeBarrier(ctx.database.db);
      const holder = await openLockHolder(ctx.database);
      try {
        await holder.query('select pg_advisory_lock($1)', [DISPUTE_LOCK]);
        // The bank takes the money back; its event holds the payment's row, marked withdrawn.
        provider.chargedBack.add(payment.providerSessionId ?? '');
        const disputing = dispute('needs_response');
        await holder.waitForWaiters(1);
        const sweeping = service(provider.gateway()).retryLateRefunds();
        // The sweep waits for the row (or, without a claim, has already asked the provider).
        const first = await Promise.race([
          holder.waitForWaiters(2).then(() => 'waiting' as const),
          sweeping.then(() => 'done' as const),
        ]);
        await holder.query('select pg_advisory_unlock($1)', [DISPUTE_LOCK]);
        const [disputed, refunded] = await Promise.all([disputing, sweeping]);

        expect(first).toBe('waiting');
        expect(disputed.statusCode).toBe(200);
        expect(refunded).toBe(0);
        expect(provider.asked).toEqual([]);
        expect(await paymentRow(payment.id)).toMatchObject({
          status: 'late',
          refundedAt: null,
          refundClaimedAt: null,
          disputeStage: 'withdrawn',
          disputedAmount: AMOUNT,
        });
        // Nothing was delivered, so nothing was taken back from the payer.
        expect(await ledgerSums(ctx.database.db, [userIdOf(user)])).toEqual([]);
      } finally {
        await holder.close();
        await ctx.database.db.execute(sql`drop trigger test_dispute_barrier on payments`);
      }
    },
  );

  it.runIf(ctx.engine === 'postgres')(
    'a dispute arriving while the refund is in flight: the provider takes the money back once, and no sweep asks again',
    async () => {
      const { user, payment, provider, dispute } = await latePayment();
      const inFlight = gate();
      const answer = gate();
      provider.holdNextRefund({ entered: inFlight.open, opened: answer.opened });
      const sweeping = service(provider.gateway()).retryLateRefunds();
      await inFlight.opened;
      expect((await paymentRow(payment.id)).refundClaimedAt).not.toBeNull();

      // The bank's chargeback lands at the provider before the refund does.
      provider.chargedBack.add(payment.providerSessionId ?? '');
      expect((await dispute('needs_response')).statusCode).toBe(200);
      answer.open();
      expect(await sweeping).toBe(0);

      const row = await paymentRow(payment.id);
      expect(row).toMatchObject({ refundedAt: null, refundClaimedAt: null });
      expect(row).toMatchObject({ disputeStage: 'withdrawn', disputedAmount: AMOUNT });
      // Another sweep knows the bank took it: it does not ask the provider again.
      expect(await service(provider.gateway()).retryLateRefunds()).toBe(0);
      expect(provider.asked).toHaveLength(1);
      expect([...provider.refunded.values()]).toEqual([]);
      expect(await ledgerSums(ctx.database.db, [userIdOf(user)])).toEqual([]);
    },
  );

  it.runIf(ctx.engine === 'postgres')(
    'two sweeps at once: the second finds the refund claimed and asks the provider nothing',
    async () => {
      const { payment, provider } = await latePayment();
      const inFlight = gate();
      const answer = gate();
      provider.holdNextRefund({ entered: inFlight.open, opened: answer.opened });
      const first = service(provider.gateway()).retryLateRefunds();
      await inFlight.opened;
      const second = await service(provider.gateway()).retryLateRefunds();
      answer.open();

      expect([await first, second]).toEqual([1, 0]);
      expect(provider.asked).toHaveLength(1);
      expect(provider.asked[0]?.idempotencyKey).toBe(lateRefundKey(payment.id));
      expect(await paymentRow(payment.id)).toMatchObject({ refundedAmount: AMOUNT });
      expect((await paymentRow(payment.id)).refundedAt).not.toBeNull();
    },
  );

  it("answers the back office's Refund while the automatic refund is in flight: under way, provider asked once", async () => {
    const { app, payment, provider } = await latePayment();
    const admin = await signUpAdmin(app, ctx.database.db);
    const [late] = await ctx.database.db
      .select({ eventId: paymentEvents.eventId })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.outcome, 'late')));
    const inFlight = gate();
    const answer = gate();
    provider.holdNextRefund({ entered: inFlight.open, opened: answer.opened });
    const sweeping = service(provider.gateway()).retryLateRefunds();
    await inFlight.opened;

    const pressed = await app.inject({
      method: 'POST',
      url: adminApiPathTo.paymentEventRefund(late?.eventId ?? ''),
      headers: bearer(admin.accessToken),
    });
    answer.open();

    expect(pressed.statusCode).toBe(409);
    expect(pressed.json()).toEqual({
      errors: { '': ADMIN_PAYMENT_REFUND_MESSAGES.refundUnderWay },
    });
    expect(await sweeping).toBe(1);
    expect(provider.asked).toHaveLength(1);
  });

  it('takes again, with the same idempotency key, a claim whose process died; a fresh one it leaves', async () => {
    const { payment, provider } = await latePayment();
    const claimedAgo = (ms: number) =>
      ctx.database.db
        .update(payments)
        .set({ refundClaimedAt: sql`now() - make_interval(secs => ${ms / 1000})` })
        .where(eq(payments.id, payment.id));

    await claimedAgo(60_000);
    expect(await service(provider.gateway()).retryLateRefunds()).toBe(0);
    expect(provider.asked).toEqual([]);

    await claimedAgo(LATE_REFUND_CLAIM_MS + 60_000);
    expect(await service(provider.gateway()).retryLateRefunds()).toBe(1);
    expect(provider.asked.map((request) => request.idempotencyKey)).toEqual([
      lateRefundKey(payment.id),
    ]);
    expect((await paymentRow(payment.id)).refundedAt).not.toBeNull();
  });

  it('records a dispute of a late payment already refunded, takes nothing and refunds nothing more', async () => {
    const { user, payment, provider, dispute } = await latePayment();
    expect(await service(provider.gateway()).retryLateRefunds()).toBe(1);

    expect((await dispute('needs_response')).statusCode).toBe(200);
    expect((await dispute('lost')).statusCode).toBe(200);

    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'late',
      refundedAmount: AMOUNT,
      disputeStage: 'withdrawn',
      disputedAmount: AMOUNT,
    });
    expect(await service(provider.gateway()).retryLateRefunds()).toBe(0);
    expect(provider.asked).toHaveLength(1);
    expect(await ledgerSums(ctx.database.db, [userIdOf(user)])).toEqual([]);
  });
});
