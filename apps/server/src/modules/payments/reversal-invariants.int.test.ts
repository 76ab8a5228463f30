// The money taken back by the provider, model-free and property-based: random sequences of
// deposits, gift cards bought (by card, or partly from the balance), redemptions, provider refunds,
// disputes at every stage and their outcomes, with events replayed (same id), resent (new id) and
// delivered out of order, through the real routes and signed sandbox webhooks. After every step, per
// currency, for the users of the test:
//   balances − debts + the unredeemed cards' remaining value = what the provider left the shop
//   (every delivered payment's amount less what it gave back),
// and every balance equals its ledger entries. Gift cards are the only goods here, so every cent a
// customer can spend or owes is money the shop holds (artworks would be the shop's revenue).
// The users live across sequences: the equation holds over all of them at every moment.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { expect, it } from 'vitest';
import { apiPaths, type Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  signUp,
  testEngines,
  type Engine,
  type TestUser,
} from '../../test/index.js';
import {
  giftCardCodeOf,
  orderRequest,
  ordersOf,
  paymentOfOrder,
  postOrder,
} from '../../test/orders.js';
import {
  deliverSandboxDispute,
  deliverSandboxEvent,
  deliverSandboxReversal,
  ledgerSums,
  newEventId,
  startDeposit,
  userIdOf,
} from '../../test/payments.js';
import type { DisputeEventKind } from '../../infra/payments/index.js';

// Each sequence runs through the routes (about 3 s on a busy 2-core machine): the full count runs
// once, on PostgreSQL when the run has it, else on PGlite; the other engine runs a third of it.
const FULL_RUNS = 12;
const runsOn = (engine: Engine): number =>
  engine === 'postgres' || !testEngines().includes('postgres') ? FULL_RUNS : FULL_RUNS / 3;
const MAX_STEPS = 12;
const CURRENCIES = ['EUR', 'USD'] as const;
const DISPUTES: [DisputeEventKind, string | undefined][] = [
  ['created', 'warning_needs_response'],
  ['closed', 'warning_closed'],
  ['created', 'needs_response'],
  ['funds_withdrawn', undefined],
  ['updated', 'under_review'],
  ['closed', 'lost'],
  ['closed', 'won'],
  ['funds_reinstated', undefined],
];

const who = fc.constantFrom(0, 1);
const currency = fc.constantFrom(...CURRENCIES);
const stepArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    who,
    currency,
    amount: fc.integer({ min: 500, max: 5_000 }),
    outcome: fc.constantFrom('succeeded', 'succeeded', 'failed'),
  }),
  fc.record({
    kind: fc.constant('card' as const),
    who,
    currency,
    amount: fc.integer({ min: 500, max: 5_000 }),
    payByBalance: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('redeem' as const), who, pick: fc.nat() }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    // Per mille of the payment: above 1,000 asks for more than was paid.
    share: fc.integer({ min: 1, max: 1_200 }),
  }),
  fc.record({
    kind: fc.constant('dispute' as const),
    pick: fc.nat(),
    stage: fc.integer({ min: 0, max: DISPUTES.length - 1 }),
  }),
  fc.record({
    kind: fc.constant('again' as const),
    pick: fc.nat(),
    sameId: fc.boolean(),
  }),
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

interface Paid {
  paymentId: string;
  amount: number;
  currency: Currency;
}

/** What a sequence made that later steps pick from. */
interface Made {
  payments: Paid[];
  cards: { buyer: number; orderId: number }[];
  /** Reversal events sent, to send again (same id: a replay; new id: a redelivery, out of order). */
  sent: (() => (id?: string) => Promise<unknown>)[];
}

const pick = <T>(list: readonly T[], index: number): T | undefined =>
  list[index % Math.max(list.length, 1)];

describeEachEngine('reversal invariants (property)', (ctx) => {
  const runs = runsOn(ctx.engine);
  it(`keeps what customers hold and owe equal to what the shop kept over ${runs} random sequences`, async () => {
    const app = await ctx.buildApp({ env: { WORKER: '0' } });
    const people = [await signUp(app), await signUp(app)];
    const ids = people.map(userIdOf);

    async function run(step: Step, made: Made): Promise<void> {
      switch (step.kind) {
        case 'deposit': {
          const user = people[step.who] as TestUser;
          const deposit = await startDeposit(app, user, step.amount, step.currency);
          await deliverSandboxEvent(app, { type: step.outcome, ...deposit });
          if (step.outcome === 'succeeded') made.payments.push(deposit);
          return;
        }
        case 'card': {
          const user = people[step.who] as TestUser;
          const body = orderRequest([], {
            currency: step.currency,
            giftCardAmount: step.amount,
            payByBalance: step.payByBalance,
          });
          const placed = await postOrder(app, user, body);
          if (placed.statusCode !== 200) return; // owed in that currency: refused
          const [order] = await ordersOf(app, user);
          if (!order) throw new Error('no order');
          if (order.status === 'pending') {
            const payment = await paymentOfOrder(ctx.database.db, order.id);
            await deliverSandboxEvent(app, {
              type: 'succeeded',
              paymentId: payment.id,
              amount: payment.amount,
              currency: payment.currency,
            });
            made.payments.push({
              paymentId: payment.id,
              amount: payment.amount,
              currency: payment.currency,
            });
          }
          made.cards.push({ buyer: step.who, orderId: order.id });
          return;
        }
        case 'redeem': {
          const card = pick(made.cards, step.pick);
          if (!card) return;
          const code = await giftCardCodeOf(app, people[card.buyer] as TestUser, card.orderId);
          if (code === '') return;
          await app.inject({
            method: 'POST',
            url: apiPaths.balanceGiftCard,
            remoteAddress: randomIp(),
            headers: bearer((people[step.who] as TestUser).accessToken),
            payload: { giftCardNumber: code },
          });
          return;
        }
        case 'refund': {
          const payment = pick(made.payments, step.pick);
          if (!payment) return;
          const amount = Math.max(1, Math.floor((payment.amount * step.share) / 1_000));
          const send = (id?: string) =>
            deliverSandboxReversal(app, {
              type: 'refunded',
              ...payment,
              amount,
              ...(id ? { id } : {}),
            });
          const id = newEventId();
          await send(id);
          made.sent.push(() => (again) => send(again ?? id));
          return;
        }
        case 'dispute': {
          const payment = pick(made.payments, step.pick);
          const [kind, status] = DISPUTES[step.stage] ?? DISPUTES[0]!;
          if (!payment) return;
          const send = (id?: string) =>
            deliverSandboxDispute(app, {
              kind,
              ...(status ? { status } : {}),
              ...payment,
              ...(id ? { id } : {}),
            });
          const id = newEventId();
          await send(id);
          made.sent.push(() => (again) => send(again ?? id));
          return;
        }
        case 'again': {
          const event = pick(made.sent, step.pick);
          if (!event) return;
          await event()(step.sameId ? undefined : newEventId());
          return;
        }
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { maxLength: MAX_STEPS }), async (steps) => {
        const made: Made = { payments: [], cards: [], sent: [] };
        for (const step of steps) {
          await run(step, made);
          await expectConserved(ctx.database.db, ids);
        }
      }),
      { numRuns: runs },
    );
  }, 600_000);
});

const FigureRowSchema = z.object({ currency: z.string(), figure: z.coerce.number() });

async function figures(db: Db, query: ReturnType<typeof sql>): Promise<Map<string, number>> {
  const result = await db.execute(query);
  return new Map(
    z
      .array(FigureRowSchema)
      .parse(result.rows)
      .map((row) => [row.currency, row.figure]),
  );
}

/** The equation of the header, read straight from the tables, and every ledger against its balance. */
async function expectConserved(db: Db, userIds: string[]): Promise<void> {
  const users = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const held = await figures(
    db,
    sql`select currency, sum(figure) as figure from (
      select currency, amount as figure from balances where user_id in (${users})
      union all select currency, -amount from debts where user_id in (${users})
      union all select currency, amount - reversed_amount from gift_cards
        where buyer_id in (${users}) and redeemed_at is null and voided_at is null
    ) as parts group by currency`,
  );
  const kept = await figures(
    db,
    sql`select currency, sum(amount - reversed_amount) as figure from payments
      where user_id in (${users}) and status in ('succeeded', 'disputed', 'refunded')
      group by currency`,
  );
  for (const currency of CURRENCIES) {
    expect(held.get(currency) ?? 0, currency).toBe(kept.get(currency) ?? 0);
  }
  for (const sum of await ledgerSums(db, userIds)) {
    expect(sum.balance).toBe(sum.entriesSum);
    expect(sum.lowestBalanceAfter).toBeGreaterThanOrEqual(0);
  }
}
