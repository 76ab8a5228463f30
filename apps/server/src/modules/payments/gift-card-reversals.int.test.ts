// Nothing repaid stays spendable (docs/decisions/money/README.md): a dispute or provider refund of
// an order with a gift card takes the card's value back from its redeemer's balance as far as it
// goes, the rest owed by the buyer, each told in their language; a won dispute gives it back. A
// partial reversal takes only its part: the card's value cent for cent first, then whole lines from
// the last one.
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  apiPaths,
  BalanceDebtListSchema,
  ORDER_MESSAGES,
  PurchasedArtworkListSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import { bearer, describeEachEngine, randomIp, signUp, type TestUser } from '../../test/index.js';
import {
  creditBalance,
  giftCardCodeOf,
  orderRequest,
  ordersOf,
  placeOrder,
  settleOrder,
  userIdOf,
} from '../../test/orders.js';
import {
  balanceOfUser,
  deliverSandboxDispute,
  deliverSandboxReversal,
} from '../../test/payments.js';
import { users } from '../accounts/index.js';
import { mailOutbox } from '../mail/index.js';

const CARD = 1_000;

describeEachEngine('gift cards and partial reversals', (ctx) => {
  let fox: number;
  let owl: number;
  beforeAll(async () => {
    const catalog = await seedTestCatalog(ctx.database.db);
    fox = catalog.get('red-fox')?.[0] ?? 0;
    owl = catalog.get('night-owl')?.[0] ?? 0;
  });

  const get = (app: App, who: TestUser, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });
  const debtsOf = async (app: App, user: TestUser) =>
    BalanceDebtListSchema.parse((await get(app, user, apiPaths.balanceDebt)).json());
  const redeem = (app: App, user: TestUser, code: string) =>
    app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      remoteAddress: randomIp(),
      headers: bearer(user.accessToken),
      payload: { giftCardNumber: code },
    });
  const mailsTo = (user: TestUser) =>
    ctx.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'paymentReversal')));
  const speaks = (user: TestUser, locale: 'es' | 'ja') =>
    ctx.database.db
      .update(users)
      .set({ locale })
      .where(eq(users.id, userIdOf(user)));

  /** Ben buys a gift card by card; answers his order's payment and the card's code. */
  async function cardBoughtByCard(app: App, buyer: TestUser) {
    await placeOrder(app, buyer, orderRequest([], { giftCardAmount: CARD }));
    const [order] = await ordersOf(app, buyer);
    const orderId = order?.id ?? 0;
    const payment = await settleOrder(app, ctx.database.db, orderId, 'succeeded');
    return { orderId, payment, code: await giftCardCodeOf(app, buyer, orderId) };
  }

  it("takes a disputed card's value from its redeemer, the rest owed by its buyer; a won dispute gives it back", async () => {
    const app = await ctx.buildApp();
    const ben = await signUp(app);
    const cleo = await signUp(app);
    await speaks(ben, 'es');
    await speaks(cleo, 'ja');
    const { payment, code } = await cardBoughtByCard(app, ben);
    expect((await redeem(app, cleo, code)).statusCode).toBe(200);
    // Cleo spends 600 of it on a gift card of her own, paid from the balance.
    await placeOrder(app, cleo, orderRequest([], { giftCardAmount: 600, payByBalance: true }));
    expect(await balanceOfUser(app, cleo, 'EUR')).toBe(400);

    const dispute = { paymentId: payment.id, amount: CARD, currency: 'EUR' as const };
    await deliverSandboxDispute(app, { kind: 'created', status: 'needs_response', ...dispute });
    expect(await balanceOfUser(app, cleo, 'EUR')).toBe(0);
    expect(await debtsOf(app, cleo)).toEqual([]);
    expect(await debtsOf(app, ben)).toEqual([{ currency: 'EUR', amount: 600 }]);
    expect((await mailsTo(cleo)).map((mail) => mail.subject)).toEqual([
      'ご利用いただいたギフトカードの代金が購入者に返金されました',
    ]);
    expect((await mailsTo(ben)).map((mail) => mail.subject)).toEqual([
      'Tu banco ha reclamado un pago a Pictura',
    ]);

    await deliverSandboxDispute(app, { kind: 'closed', status: 'won', ...dispute });
    expect(await balanceOfUser(app, cleo, 'EUR')).toBe(400);
    expect(await debtsOf(app, ben)).toEqual([]);
    expect(await balanceOfUser(app, ben, 'EUR')).toBe(0);
    expect(await mailsTo(cleo)).toHaveLength(2);
  }, 60_000);

  it('a refund of part of an unredeemed card leaves it worth the rest', async () => {
    const app = await ctx.buildApp();
    const ben = await signUp(app);
    const cleo = await signUp(app);
    const { payment, code } = await cardBoughtByCard(app, ben);
    const refund = { type: 'refunded' as const, paymentId: payment.id, currency: 'EUR' as const };
    await deliverSandboxReversal(app, { ...refund, amount: 300 });
    expect((await redeem(app, cleo, code)).json()).toEqual({ currency: 'EUR', amount: 700 });
    expect(await debtsOf(app, ben)).toEqual([]);
    // The rest refunded after the redemption is Cleo's to give back.
    await deliverSandboxReversal(app, { ...refund, amount: CARD });
    expect(await balanceOfUser(app, cleo, 'EUR')).toBe(0);
  });

  it('a card refunded in full answers as an unknown code', async () => {
    const app = await ctx.buildApp();
    const ben = await signUp(app);
    const cleo = await signUp(app);
    const { payment, code } = await cardBoughtByCard(app, ben);
    await deliverSandboxReversal(app, {
      type: 'refunded',
      paymentId: payment.id,
      amount: CARD,
      currency: 'EUR',
    });
    const answer = await redeem(app, cleo, code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ errors: { giftCardNumber: ORDER_MESSAGES.giftCardInvalid } });
    expect((await ordersOf(app, ben))[0]?.status).toBe('refunded');
  });

  it('a partial refund withdraws only the lines it covers, from the last; a cent withdraws none', async () => {
    const app = await ctx.buildApp();
    const buyer = await signUp(app);
    // Red Fox then Night Owl, partly paid from the balance.
    await creditBalance(ctx.database.db, buyer, 100, 'EUR');
    await placeOrder(app, buyer, orderRequest([fox, owl], { payByBalance: true }));
    const [order] = await ordersOf(app, buyer);
    const payment = await settleOrder(app, ctx.database.db, order?.id ?? 0, 'succeeded');
    const owned = async () =>
      PurchasedArtworkListSchema.parse((await get(app, buyer, apiPaths.artworks)).json())
        .map((artwork) => artwork.offerAttributeId)
        .sort();
    const both = [fox, owl].sort();
    expect(await owned()).toEqual(both);
    const lines = order?.items ?? [];
    const owlPrice = lines.find((line) => line.offerAttributeId === owl)?.price.amount ?? 0;
    const refund = (amount: number) =>
      deliverSandboxReversal(app, {
        type: 'refunded',
        paymentId: payment.id,
        amount,
        currency: 'EUR',
      });

    await refund(1);
    expect(await owned()).toEqual(both);
    await refund(owlPrice - 1);
    expect(await owned()).toEqual(both);
    await refund(owlPrice);
    expect(await owned()).toEqual([fox]);
    expect((await ordersOf(app, buyer))[0]?.status).toBe('paid');
    // The whole card part: Red Fox's line is 100 short of covered (the balance paid that much).
    await refund(payment.amount);
    expect(await owned()).toEqual([fox]);
    expect(await debtsOf(app, buyer)).toEqual([]);

    // A dispute of everything and its win: the same lines, taken and given back.
    const dispute = { paymentId: payment.id, amount: payment.amount, currency: 'EUR' as const };
    await deliverSandboxDispute(app, { kind: 'funds_withdrawn', ...dispute });
    await deliverSandboxDispute(app, { kind: 'funds_reinstated', ...dispute });
    expect(await owned()).toEqual([fox]);
  });

  it('a won dispute gives back the downloads it withdrew', async () => {
    const app = await ctx.buildApp();
    const buyer = await signUp(app);
    await placeOrder(app, buyer, orderRequest([fox, owl]));
    const [order] = await ordersOf(app, buyer);
    const payment = await settleOrder(app, ctx.database.db, order?.id ?? 0, 'succeeded');
    const dispute = { paymentId: payment.id, amount: payment.amount, currency: 'EUR' as const };
    await deliverSandboxDispute(app, { kind: 'funds_withdrawn', ...dispute });
    expect((await get(app, buyer, apiPaths.artworks)).json()).toEqual([]);
    expect((await ordersOf(app, buyer))[0]?.status).toBe('refunded');
    await deliverSandboxDispute(app, { kind: 'closed', status: 'won', ...dispute });
    expect(
      PurchasedArtworkListSchema.parse((await get(app, buyer, apiPaths.artworks)).json()),
    ).toHaveLength(2);
    expect((await ordersOf(app, buyer))[0]?.status).toBe('paid');
  });
});
