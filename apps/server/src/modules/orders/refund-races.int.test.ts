// A back-office refund racing the redemption of the refunded order's gift card
// (docs/decisions/back-office/a-gift-card-in-a-refunded-order.md), both ways round, on PostgreSQL
// with a forced interleaving: the first of the two is held inside its transaction, after it has
// taken the card, until the second waits for it. Money is conserved: what the two users hold is
// what they put in.
import { beforeAll, expect, it } from 'vitest';
import {
  adminApiPathTo,
  AdminRefundResponseSchema,
  apiPaths,
  ORDER_MESSAGES,
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
  userIdOf,
} from '../../test/orders.js';

const CARD = 2_000;
const FOX = 500; // Red Fox's standard download in EUR
const REDEEMER_START = 100;

describeEachEngine('refund against gift-card redemption', (ctx) => {
  let fox: number;
  beforeAll(async () => {
    fox = (await seedTestCatalog(ctx.database.db)).get('red-fox')?.[0] ?? 0;
  });

  /** A buyer's order of Red Fox and a gift card, paid from the balance; its code; a redeemer. */
  async function setUp() {
    const app = await ctx.buildApp({ env: { WORKER: '0' } });
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    const redeemer = await signUp(app);
    await creditBalance(ctx.database.db, buyer, FOX + CARD, 'EUR');
    await creditBalance(ctx.database.db, redeemer, REDEEMER_START, 'EUR');
    await placeOrder(app, buyer, orderRequest([fox], { giftCardAmount: CARD, payByBalance: true }));
    const [order] = await ordersOf(app, buyer);
    expect(order?.status).toBe('paid');
    const orderId = order?.id ?? 0;
    const code = await giftCardCodeOf(app, buyer, orderId);
    expect(code).not.toBe('');
    return { app, admin, buyer, redeemer, orderId, code };
  }

  const refund = (app: App, admin: TestUser, orderId: number) =>
    app.inject({
      method: 'POST',
      url: adminApiPathTo.orderRefund(orderId),
      headers: bearer(admin.accessToken),
      payload: { reason: 'Customer complaint' },
    });
  const redeem = (app: App, user: TestUser, code: string) =>
    app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      remoteAddress: randomIp(),
      headers: bearer(user.accessToken),
      payload: { giftCardNumber: code },
    });
  const balanceRow = `select 1 from balances where user_id = $1 and currency = 'EUR' for update`;

  async function expectMoneyConserved(buyer: TestUser, redeemer: TestUser) {
    const checks = [
      await ledgerCheck(ctx.database.db, buyer, 'EUR'),
      await ledgerCheck(ctx.database.db, redeemer, 'EUR'),
    ];
    for (const check of checks) expect(check.balance).toBe(check.entriesSum);
    expect(checks[0]!.balance + checks[1]!.balance).toBe(FOX + CARD + REDEEMER_START);
  }

  it.skipIf(ctx.engine === 'pglite')(
    'redemption first: the card counts as redeemed and the refund gives back only the artwork',
    async () => {
      const { app, admin, buyer, redeemer, orderId, code } = await setUp();
      const holder = await openLockHolder(ctx.database);
      try {
        // The redemption claims the card, then waits at the redeemer's balance row.
        await holder.query(balanceRow, [userIdOf(redeemer)]);
        const redeemed = redeem(app, redeemer, code);
        await holder.waitForWaiters(1);
        const refunded = refund(app, admin, orderId);
        await holder.waitForWaiters(2); // the refund waits for the card the redemption claimed
        await holder.release();

        expect((await redeemed).json()).toEqual({
          currency: 'EUR',
          amount: REDEEMER_START + CARD,
        });
        expect(AdminRefundResponseSchema.parse((await refunded).json())).toMatchObject({
          giftCard: 'keptRedeemed',
          refundedAmount: FOX,
        });
      } finally {
        await holder.close();
      }
      await expectMoneyConserved(buyer, redeemer);
      expect((await ordersOf(app, buyer))[0]?.giftCards[0]).toMatchObject({
        redeemed: true,
        voided: false,
      });
    },
  );

  it.skipIf(ctx.engine === 'pglite')(
    'refund first: the card is voided, its redemption answers an unknown code, the whole total comes back',
    async () => {
      const { app, admin, buyer, redeemer, orderId, code } = await setUp();
      const holder = await openLockHolder(ctx.database);
      try {
        // The refund voids the card, then waits at the buyer's balance row.
        await holder.query(balanceRow, [userIdOf(buyer)]);
        const refunded = refund(app, admin, orderId);
        await holder.waitForWaiters(1);
        const redeemed = redeem(app, redeemer, code);
        await holder.waitForWaiters(2); // the redemption waits for the card the refund voided
        await holder.release();

        expect(AdminRefundResponseSchema.parse((await refunded).json())).toMatchObject({
          giftCard: 'voided',
          refundedAmount: FOX + CARD,
        });
        const answer = await redeemed;
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({
          errors: { giftCardNumber: ORDER_MESSAGES.giftCardInvalid },
        });
      } finally {
        await holder.close();
      }
      await expectMoneyConserved(buyer, redeemer);
      expect((await ledgerCheck(ctx.database.db, redeemer, 'EUR')).balance).toBe(REDEEMER_START);
    },
  );
});
