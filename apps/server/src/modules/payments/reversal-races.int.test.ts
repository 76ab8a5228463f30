// Provider reversals racing what customers and the back office do, on PostgreSQL with a forced
// interleaving (a row the test holds keeps the first side inside its transaction, after it took
// what the second needs, until the second waits): a dispute against the redemption of the card it
// pays for, a dispute against the back office's refund, and a won dispute against a deposit paying
// what the dispute left owed. Each way round, nobody ends up paid twice.
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  adminApiPathTo,
  ADMIN_REFUND_MESSAGES,
  apiPaths,
  BalanceDebtListSchema,
  ORDER_MESSAGES,
  PurchasedArtworkListSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import { openLockHolder } from '../../test/lock-holder.js';
import {
  creditBalance,
  giftCardCodeOf,
  ledgerCheck,
  orderRequest,
  ordersOf,
  placeOrder,
  settleOrder,
  userIdOf,
} from '../../test/orders.js';
import {
  deliverSandboxDispute,
  deliverSandboxEvent,
  fundBalance,
  startDeposit,
} from '../../test/payments.js';
import { orders } from '../orders/index.js';

const CARD = 1_000;
const REDEEMER_START = 300;

describeEachEngine('reversal races', (ctx) => {
  let fox: number;
  let owl: number;
  beforeAll(async () => {
    const catalog = await seedTestCatalog(ctx.database.db);
    fox = catalog.get('red-fox')?.[0] ?? 0;
    owl = catalog.get('night-owl')?.[0] ?? 0;
  });

  const debtsOf = async (app: App, user: TestUser) =>
    BalanceDebtListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: apiPaths.balanceDebt,
          headers: bearer(user.accessToken),
        })
      ).json(),
    );
  const owned = async (app: App, user: TestUser) =>
    PurchasedArtworkListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: apiPaths.artworks,
          headers: bearer(user.accessToken),
        })
      ).json(),
    ).map((artwork) => artwork.offerAttributeId);
  const redeem = (app: App, user: TestUser, code: string) =>
    app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      remoteAddress: randomIp(),
      headers: bearer(user.accessToken),
      payload: { giftCardNumber: code },
    });
  const balanceRow = `select 1 from balances where user_id = $1 and currency = 'EUR' for update`;
  const artworkRows = `select 1 from purchased_artworks where user_id = $1 for update`;
  const balance = async (user: TestUser) =>
    (await ledgerCheck(ctx.database.db, user, 'EUR')).balance;

  /** Ben's order of Red Fox and a gift card, paid by card; Cleo with a balance of her own. */
  async function cardOrder(app: App) {
    const ben = await signUp(app);
    const cleo = await signUp(app);
    await creditBalance(ctx.database.db, cleo, REDEEMER_START, 'EUR');
    await placeOrder(app, ben, orderRequest([fox], { giftCardAmount: CARD }));
    const [order] = await ordersOf(app, ben);
    const orderId = order?.id ?? 0;
    const payment = await settleOrder(app, ctx.database.db, orderId, 'succeeded');
    const code = await giftCardCodeOf(app, ben, orderId);
    const dispute = () =>
      deliverSandboxDispute(app, {
        kind: 'created',
        status: 'needs_response',
        paymentId: payment.id,
        amount: payment.amount,
        currency: 'EUR',
      });
    return { ben, cleo, orderId, payment, code, dispute };
  }

  it.skipIf(ctx.engine === 'pglite')(
    "redemption first: the dispute takes the card's value back from the redeemer",
    async () => {
      const app = await ctx.buildApp({ env: { WORKER: '0' } });
      const { ben, cleo, code, dispute } = await cardOrder(app);
      const holder = await openLockHolder(ctx.database);
      try {
        // The redemption claims the card, then waits at Cleo's balance row.
        await holder.query(balanceRow, [userIdOf(cleo)]);
        const redeemed = redeem(app, cleo, code);
        await holder.waitForWaiters(1);
        const disputed = dispute();
        await holder.waitForWaiters(2); // the dispute waits for the card
        await holder.release();
        expect((await redeemed).json()).toEqual({
          currency: 'EUR',
          amount: REDEEMER_START + CARD,
        });
        expect((await disputed).statusCode).toBe(200);
      } finally {
        await holder.close();
      }
      expect(await balance(cleo)).toBe(REDEEMER_START);
      expect(await debtsOf(app, ben)).toEqual([]);
      expect(await owned(app, ben)).toEqual([]);
    },
  );

  it.skipIf(ctx.engine === 'pglite')(
    'dispute first: the card is worth nothing and its redemption answers an unknown code',
    async () => {
      const app = await ctx.buildApp({ env: { WORKER: '0' } });
      const { ben, cleo, code, dispute } = await cardOrder(app);
      const holder = await openLockHolder(ctx.database);
      try {
        // The dispute takes the card's value, then waits at Ben's downloads.
        await holder.query(artworkRows, [userIdOf(ben)]);
        const disputed = dispute();
        await holder.waitForWaiters(1);
        const redeemed = redeem(app, cleo, code);
        await holder.waitForWaiters(2); // the redemption waits for the card
        await holder.release();
        expect((await disputed).statusCode).toBe(200);
        const answer = await redeemed;
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({
          errors: { giftCardNumber: ORDER_MESSAGES.giftCardInvalid },
        });
      } finally {
        await holder.close();
      }
      expect(await balance(cleo)).toBe(REDEEMER_START);
      expect(await debtsOf(app, ben)).toEqual([]);
    },
  );

  /** An order of Red Fox and Night Owl paid by card, and an admin. */
  async function twoLineOrder(app: App) {
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    await placeOrder(app, buyer, orderRequest([fox, owl]));
    const [order] = await ordersOf(app, buyer);
    const orderId = order?.id ?? 0;
    const payment = await settleOrder(app, ctx.database.db, orderId, 'succeeded');
    const owlPrice = order?.items.find((item) => item.offerAttributeId === owl)?.price.amount ?? 0;
    const refund = () =>
      app.inject({
        method: 'POST',
        url: adminApiPathTo.orderRefund(orderId),
        headers: bearer(admin.accessToken),
        payload: { reason: 'Customer complaint' },
      });
    return { buyer, orderId, payment, owlPrice, refund };
  }

  it.skipIf(ctx.engine === 'pglite')(
    'back-office refund first: the dispute takes that credit back instead of paying twice',
    async () => {
      const app = await ctx.buildApp({ env: { WORKER: '0' } });
      const { buyer, payment, refund } = await twoLineOrder(app);
      await creditBalance(ctx.database.db, buyer, 100, 'EUR'); // a balance row for the test to hold
      const holder = await openLockHolder(ctx.database);
      try {
        // The refund holds the order, then waits at the buyer's balance row.
        await holder.query(balanceRow, [userIdOf(buyer)]);
        const refunded = refund();
        await holder.waitForWaiters(1);
        const disputed = deliverSandboxDispute(app, {
          kind: 'funds_withdrawn',
          paymentId: payment.id,
          amount: payment.amount,
          currency: 'EUR',
        });
        await holder.waitForWaiters(2); // the dispute waits for the order
        await holder.release();
        expect((await refunded).statusCode).toBe(200);
        expect((await disputed).statusCode).toBe(200);
      } finally {
        await holder.close();
      }
      expect(await balance(buyer)).toBe(100);
      expect(await debtsOf(app, buyer)).toEqual([]);
    },
  );

  it.skipIf(ctx.engine === 'pglite')(
    'partial dispute first: the back office cannot refund on top, and only the covered line goes',
    async () => {
      const app = await ctx.buildApp({ env: { WORKER: '0' } });
      const { buyer, orderId, payment, owlPrice, refund } = await twoLineOrder(app);
      const holder = await openLockHolder(ctx.database);
      try {
        // The dispute holds the payment and the order, then waits at the downloads.
        await holder.query(artworkRows, [userIdOf(buyer)]);
        const disputed = deliverSandboxDispute(app, {
          kind: 'funds_withdrawn',
          paymentId: payment.id,
          amount: owlPrice,
          currency: 'EUR',
        });
        await holder.waitForWaiters(1);
        const refunded = refund();
        await holder.waitForWaiters(2); // the refund waits for the order
        await holder.release();
        expect((await disputed).statusCode).toBe(200);
        const answer = await refunded;
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toEqual({
          errors: { '': ADMIN_REFUND_MESSAGES.reversedAtProvider },
        });
      } finally {
        await holder.close();
      }
      expect(await owned(app, buyer)).toEqual([fox]);
      expect(await balance(buyer)).toBe(0);
      const [order] = await ctx.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId)));
      expect(order?.status).toBe('paid');
    },
  );

  it.skipIf(ctx.engine === 'pglite')(
    'a won dispute and a deposit paying its debt, each way round, end with the same balance',
    async () => {
      const app = await ctx.buildApp({ env: { WORKER: '0' } });
      for (const first of ['won', 'deposit'] as const) {
        const user = await signUp(app);
        const paymentId = await fundBalance(app, user, 1_000, 'EUR');
        await placeOrder(app, user, orderRequest([], { giftCardAmount: 800, payByBalance: true }));
        const dispute = { paymentId, amount: 1_000, currency: 'EUR' as const };
        await deliverSandboxDispute(app, { kind: 'closed', status: 'lost', ...dispute });
        await fundBalance(app, user, 500, 'EUR'); // the lost dispute's debt of 800, partly paid
        expect(await debtsOf(app, user)).toEqual([{ currency: 'EUR', amount: 300 }]);
        const deposit = await startDeposit(app, user, 600, 'EUR');

        const holder = await openLockHolder(ctx.database);
        try {
          await holder.query(balanceRow, [userIdOf(user)]);
          const won = () =>
            deliverSandboxDispute(app, { kind: 'closed', status: 'won', ...dispute });
          const paid = () => deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
          const one = first === 'won' ? won() : paid();
          await holder.waitForWaiters(1);
          const other = first === 'won' ? paid() : won();
          await holder.waitForWaiters(2);
          await holder.release();
          expect((await one).statusCode).toBe(200);
          expect((await other).statusCode).toBe(200);
        } finally {
          await holder.close();
        }
        // 1,000 − 800 spent + 500 + 600 deposited: nothing owed, nothing lost.
        expect(await debtsOf(app, user)).toEqual([]);
        expect(await balance(user)).toBe(1_300);
        const check = await ledgerCheck(ctx.database.db, user, 'EUR');
        expect(check.balance).toBe(check.entriesSum);
      }
    },
  );
});
