// The money invariants, model-based, through the real routes: fewer sequences
// than invariants.int.test.ts, but every step is what a shopper and the provider do over HTTP:
// - deposit: POST /api/balance/deposit, then the provider's webhook (paid, declined, expired, or
//   none yet), sometimes delivered twice;
// - purchase: POST /api/orders for one catalog variant the user neither owns nor has waiting in a
//   pending order (the shop refuses both), paid partly by the balance or not, its payment then
//   paid, declined, expired or left pending;
// - refund: a pending order's payment declined or expired later, which gives its balance part back;
// - redemption: a gift card bought through an order (the balance first, the rest paid), its code
//   read from the order history and redeemed by the buyer or the other user, sometimes twice.
// After every step both users' balances in both currencies equal the model; after every sequence
// each balance equals the sum of its entries and no entry left it below zero.
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { apiPaths, LIMITS, type Currency } from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog, TEST_OFFERS } from '../../test/catalog.js';
import { bearer, describeEachEngine, randomIp, signUp, type TestUser } from '../../test/index.js';
import { giftCardCodeOf, orderRequest, ordersOf, postOrder } from '../../test/orders.js';
import {
  balanceOfUser,
  deliverSandboxEvent,
  ledgerSums,
  paymentOfLink,
  startDeposit,
  userIdOf,
  type SandboxLinkPayment,
} from '../../test/payments.js';

const RUNS = 25;
const MAX_STEPS = 6;
const CURRENCIES = ['EUR', 'USD'] as const;

const who = fc.constantFrom(0, 1);
const currency = fc.constantFrom(...CURRENCIES);
const stepArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    who,
    currency,
    amount: fc.integer({ min: LIMITS.depositMin, max: 30_000 }),
    outcome: fc.constantFrom('succeeded', 'failed', 'expired', 'pending'),
    replay: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('purchase' as const),
    who,
    currency,
    offer: fc.nat(),
    full: fc.boolean(),
    payByBalance: fc.boolean(),
    outcome: fc.constantFrom('succeeded', 'failed', 'expired', 'pending'),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    outcome: fc.constantFrom('failed', 'expired'),
  }),
  fc.record({
    kind: fc.constant('redemption' as const),
    buyer: who,
    redeemer: who,
    currency,
    amount: fc.integer({ min: LIMITS.giftCardMin, max: 20_000 }),
    replay: fc.boolean(),
  }),
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

const PUBLISHED = TEST_OFFERS.filter((offer) => offer.published !== false);

interface PendingOrder {
  user: number;
  currency: Currency;
  part: number;
  payment: SandboxLinkPayment;
  /** `user:variant` of its picture: while it waits for payment the shop refuses that picture again. */
  variant: string;
}

class Model {
  readonly balances = new Map<string, number>();
  readonly pending: PendingOrder[] = [];
  /** `user:variant` of every paid purchase: a picture is bought once, the shop refuses it again. */
  readonly owned = new Set<string>();
  get(user: number, currency: Currency): number {
    return this.balances.get(`${user}:${currency}`) ?? 0;
  }
  add(user: number, currency: Currency, amount: number): void {
    this.balances.set(`${user}:${currency}`, this.get(user, currency) + amount);
  }
}

describeEachEngine('money invariants (model, HTTP)', (ctx) => {
  let variants: Map<string, number[]>;
  beforeAll(async () => {
    variants = await seedTestCatalog(ctx.database.db);
  });

  const settle = async (
    app: App,
    payment: SandboxLinkPayment,
    type: 'succeeded' | 'failed' | 'expired' | 'pending',
  ) => {
    if (type === 'pending') return;
    const response = await deliverSandboxEvent(app, { type, ...payment });
    expect(response.statusCode).toBe(200);
  };

  /** Places an order and answers what the balance paid and the payment for the rest, if any. */
  async function order(
    app: App,
    user: TestUser,
    body: ReturnType<typeof orderRequest>,
  ): Promise<SandboxLinkPayment | null> {
    const response = await postOrder(app, user, body);
    expect(response.statusCode).toBe(200);
    const { paymentLink } = response.json<{ paymentLink: string }>();
    return paymentLink.includes('/sandbox/') ? paymentOfLink(paymentLink) : null;
  }

  async function run(app: App, users: TestUser[], step: Step, model: Model): Promise<void> {
    switch (step.kind) {
      case 'deposit': {
        const user = users[step.who] as TestUser;
        const deposit = await startDeposit(app, user, step.amount, step.currency);
        await settle(app, deposit, step.outcome);
        if (step.replay) await settle(app, deposit, step.outcome);
        if (step.outcome === 'succeeded') model.add(step.who, step.currency, step.amount);
        return;
      }
      case 'purchase': {
        const user = users[step.who] as TestUser;
        const offer = PUBLISHED[step.offer % PUBLISHED.length];
        const id = variants.get(offer?.urlName ?? '')?.[step.full ? 1 : 0];
        const variant = `${step.who}:${id}`;
        if (model.owned.has(variant)) return;
        if (model.pending.some((pending) => pending.variant === variant)) return;
        const price = (offer?.standard[step.currency] ?? 0) * (step.full ? 3 : 1);
        const part = step.payByBalance ? Math.min(model.get(step.who, step.currency), price) : 0;
        const payment = await order(
          app,
          user,
          orderRequest([id ?? 0], { currency: step.currency, payByBalance: step.payByBalance }),
        );
        model.add(step.who, step.currency, -part);
        expect(payment?.amount ?? 0).toBe(price - part);
        if (!payment || step.outcome === 'succeeded') model.owned.add(variant);
        if (!payment) return;
        await settle(app, payment, step.outcome);
        if (step.outcome === 'failed' || step.outcome === 'expired') {
          model.add(step.who, step.currency, part);
        } else if (step.outcome === 'pending') {
          model.pending.push({ user: step.who, currency: step.currency, part, payment, variant });
        }
        return;
      }
      case 'refund': {
        if (model.pending.length === 0) return;
        const [pending] = model.pending.splice(step.pick % model.pending.length, 1);
        if (!pending) return;
        await settle(app, pending.payment, step.outcome);
        model.add(pending.user, pending.currency, pending.part);
        return;
      }
      case 'redemption': {
        const buyer = users[step.buyer] as TestUser;
        const part = Math.min(model.get(step.buyer, step.currency), step.amount);
        const payment = await order(
          app,
          buyer,
          orderRequest([], {
            currency: step.currency,
            giftCardAmount: step.amount,
            payByBalance: true,
          }),
        );
        model.add(step.buyer, step.currency, -part);
        if (payment) await settle(app, payment, 'succeeded');
        const [paidOrder] = await ordersOf(app, buyer);
        const code = await giftCardCodeOf(app, buyer, paidOrder?.id ?? 0);
        const redeemer = users[step.redeemer] as TestUser;
        const redeem = () =>
          app.inject({
            method: 'POST',
            url: apiPaths.balanceGiftCard,
            remoteAddress: randomIp(),
            headers: bearer(redeemer.accessToken),
            payload: { giftCardNumber: code },
          });
        expect((await redeem()).statusCode).toBe(200);
        model.add(step.redeemer, step.currency, step.amount);
        if (step.replay) expect((await redeem()).statusCode).toBe(400);
        return;
      }
    }
  }

  it(`keeps balances equal to the model and to their entries over ${RUNS} sequences`, async () => {
    const app = await ctx.buildApp();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { maxLength: MAX_STEPS }), async (steps) => {
        const users = [await signUp(app), await signUp(app)];
        const model = new Model();
        for (const step of steps) {
          await run(app, users, step, model);
          for (const [index, user] of users.entries()) {
            for (const each of CURRENCIES) {
              expect(await balanceOfUser(app, user, each)).toBe(model.get(index, each));
            }
          }
        }
        for (const sum of await ledgerSums(ctx.database.db, users.map(userIdOf))) {
          expect(sum.balance).toBe(sum.entriesSum);
          expect(sum.balance).toBe(sum.lastBalanceAfter);
          expect(sum.lowestBalanceAfter).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
