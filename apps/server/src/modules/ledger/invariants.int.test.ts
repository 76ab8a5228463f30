// The money invariants, model-based: 1,000 random sequences of deposits,
// purchases, refunds and gift-card redemptions for two users; after every step, per user and
// currency, the balance equals the sum of its ledger entries and the model's figure, and no entry
// ever left a balance below zero.
//
// How it runs: each step calls the services directly, each in its own transaction, not over HTTP
// (invariants-http.int.test.ts drives fewer sequences through the real routes):
// - a deposit is a real pending payment (payments.create) settled by a signed sandbox webhook
//   handed to payments.handleWebhook, delivered up to 3 times, with the wallet's real settlement;
// - a purchase debits the balance with the orders module's conventions (kind 'order', reference
//   `order:{id}`): either the part the balance can pay, or the whole price (refused when short);
// - a refund gives an order's balance part back (kind 'refund', same reference), possibly twice;
// - a redemption credits a gift card (kind 'giftCard', `giftCard:{id}`), possibly twice.
// The orders and gift-cards modules keep their service functions internal, so purchases, refunds
// and redemptions are their ledger postings here; the HTTP test uses the modules themselves.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import type { Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { createSandboxGateway } from '../../infra/payments/index.js';
import { describeEachEngine, testConfig, testEngines, type Engine } from '../../test/index.js';
import { ledgerSums, signedSandboxWebhook, testSandboxKeys } from '../../test/payments.js';
import { users } from '../accounts/index.js';
import { createPaymentsService } from '../payments/index.js';
import { DEPOSIT_PAYMENT_WINDOW_MS, depositSettlement } from '../wallet/index.js';
import { balanceOf, InsufficientBalanceError, postLedgerEntry } from './index.js';

// The invariants are checked on 1,000 sequences: two minutes of the suite's fifteen when run on both engines. The
// full count runs once, on PostgreSQL (the production engine) when the run has it, else on PGlite;
// the other engine runs a fifth of it, enough to exercise its SQL.
const FULL_RUNS = 1_000;
const runsOn = (engine: Engine): number =>
  engine === 'postgres' || !testEngines().includes('postgres') ? FULL_RUNS : FULL_RUNS / 5;
const MAX_STEPS = 8;
const CURRENCIES = ['EUR', 'USD'] as const;

const who = fc.constantFrom(0, 1);
const currency = fc.constantFrom(...CURRENCIES);
const stepArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    who,
    currency,
    amount: fc.integer({ min: 500, max: 100_000 }),
    outcome: fc.constantFrom('succeeded', 'failed', 'expired'),
    deliveries: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('purchase' as const),
    who,
    currency,
    price: fc.integer({ min: 1, max: 60_000 }),
    pay: fc.constantFrom('part', 'whole'),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    times: fc.integer({ min: 1, max: 2 }),
  }),
  fc.record({
    kind: fc.constant('redemption' as const),
    who,
    currency,
    amount: fc.integer({ min: 500, max: 50_000 }),
    times: fc.integer({ min: 1, max: 2 }),
  }),
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

interface ModelOrder {
  reference: string;
  user: number;
  currency: Currency;
  part: number;
  refunded: boolean;
}

/** Expected balances per user and currency, and the orders whose balance part may come back. */
class Model {
  readonly balances = new Map<string, number>();
  readonly orders: ModelOrder[] = [];
  get(user: number, currency: Currency): number {
    return this.balances.get(`${user}:${currency}`) ?? 0;
  }
  add(user: number, currency: Currency, amount: number): void {
    this.balances.set(`${user}:${currency}`, this.get(user, currency) + amount);
  }
}

describeEachEngine('money invariants (model, service calls)', (ctx) => {
  const runs = runsOn(ctx.engine);
  it(`keeps every balance equal to its entries and never negative over ${runs} random sequences`, async () => {
    const db = ctx.database.db;
    const log = pino({ level: 'silent' });
    const publicUrl = testConfig().publicUrl;
    const payments = createPaymentsService({
      db,
      gateway: createSandboxGateway({ keys: testSandboxKeys() }),
      publicUrl,
      log,
    });
    payments.onSettled('deposit', depositSettlement);
    let serial = 0;

    /** Two fresh users per sequence (rows only: they never sign in, so no password work). */
    async function twoUsers(): Promise<string[]> {
      const rows = await db
        .insert(users)
        .values([0, 1].map(() => ({ email: `${randomUUID()}@model.test`, passwordHash: 'x' })))
        .returning({ id: users.id });
      return rows.map((row) => row.id);
    }

    async function run(step: Step, userIds: string[], model: Model): Promise<void> {
      switch (step.kind) {
        case 'deposit': {
          const userId = userIds[step.who] ?? '';
          const payment = await db.transaction((tx) =>
            payments.create(tx, {
              userId,
              purpose: 'deposit',
              orderId: null,
              amount: step.amount,
              currency: step.currency,
              expiresAt: new Date(Date.now() + DEPOSIT_PAYMENT_WINDOW_MS),
            }),
          );
          const webhook = signedSandboxWebhook({
            type: step.outcome,
            paymentId: payment.id,
            amount: step.amount,
            currency: step.currency,
          });
          for (let delivery = 0; delivery < step.deliveries; delivery += 1) {
            const accepted = await payments.handleWebhook({
              rawBody: Buffer.from(webhook.body),
              headers: webhook.headers,
            });
            expect(accepted).toBe(true);
          }
          if (step.outcome === 'succeeded') model.add(step.who, step.currency, step.amount);
          return;
        }
        case 'purchase': {
          const userId = userIds[step.who] ?? '';
          const reference = `order:${(serial += 1)}`;
          const before = model.get(step.who, step.currency);
          const debit = step.pay === 'part' ? Math.min(before, step.price) : step.price;
          const attempt = db.transaction(async (tx) => {
            // As the orders module does: the balance pays what it can, read inside the transaction.
            const part =
              step.pay === 'part'
                ? Math.min(await balanceOf(tx, userId, step.currency), step.price)
                : step.price;
            if (part === 0) return;
            await postLedgerEntry(tx, {
              userId,
              currency: step.currency,
              amount: -part,
              kind: 'order',
              reference,
            });
          });
          if (debit > before) {
            await expect(attempt).rejects.toBeInstanceOf(InsufficientBalanceError);
            return;
          }
          await attempt;
          model.add(step.who, step.currency, -debit);
          if (debit > 0) {
            model.orders.push({
              reference,
              user: step.who,
              currency: step.currency,
              part: debit,
              refunded: false,
            });
          }
          return;
        }
        case 'refund': {
          const order = model.orders[step.pick % Math.max(model.orders.length, 1)];
          if (!order) return;
          for (let time = 0; time < step.times; time += 1) {
            const posting = await db.transaction((tx) =>
              postLedgerEntry(tx, {
                userId: userIds[order.user] ?? '',
                currency: order.currency,
                amount: order.part,
                kind: 'refund',
                reference: order.reference,
              }),
            );
            expect(posting.applied).toBe(!order.refunded);
            if (!order.refunded) model.add(order.user, order.currency, order.part);
            order.refunded = true;
          }
          return;
        }
        case 'redemption': {
          const reference = `giftCard:${(serial += 1)}`;
          for (let time = 0; time < step.times; time += 1) {
            const posting = await db.transaction((tx) =>
              postLedgerEntry(tx, {
                userId: userIds[step.who] ?? '',
                currency: step.currency,
                amount: step.amount,
                kind: 'giftCard',
                reference,
              }),
            );
            expect(posting.applied).toBe(time === 0);
          }
          model.add(step.who, step.currency, step.amount);
          return;
        }
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { maxLength: MAX_STEPS }), async (steps) => {
        const userIds = await twoUsers();
        const model = new Model();
        for (const step of steps) {
          await run(step, userIds, model);
          await expectConsistent(db, userIds, model);
        }
      }),
      { numRuns: runs },
    );
  }, 600_000);
});

/** Every balance of the users equals its entries' sum, its last entry and the model. */
async function expectConsistent(db: Db, userIds: string[], model: Model): Promise<void> {
  const sums = await ledgerSums(db, userIds);
  for (const sum of sums) {
    expect(sum.balance).toBe(sum.entriesSum);
    expect(sum.balance).toBe(sum.lastBalanceAfter);
    expect(sum.lowestBalanceAfter).toBeGreaterThanOrEqual(0);
  }
  for (const [index, userId] of userIds.entries()) {
    for (const currency of CURRENCIES) {
      const stored = sums.find((sum) => sum.userId === userId && sum.currency === currency);
      expect(stored?.balance ?? 0).toBe(model.get(index, currency));
    }
  }
}
