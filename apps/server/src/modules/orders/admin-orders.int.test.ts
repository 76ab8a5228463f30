// The back office's orders: search with filters, an order's detail with its
// payments and their events, and a refund to the buyer's balance that happens once.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  ADMIN_REFUND_MESSAGES,
  adminApiPaths,
  adminApiPathTo,
  AdminOrderDetailSchema,
  AdminOrderListSchema,
  AdminRefundResponseSchema,
  apiPaths,
  apiPathTo,
  AuditListSchema,
  LedgerHistorySchema,
  PurchasedArtworkListSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import {
  balanceOf,
  creditBalance,
  giftCardCodeOf,
  orderRequest,
  ordersOf,
  placeOrder,
  settleOrder,
} from '../../test/orders.js';

describeEachEngine('orders in the back office', (ctx) => {
  let fox: number;
  let owl: number;
  beforeAll(async () => {
    const catalog = await seedTestCatalog(ctx.database.db);
    fox = catalog.get('red-fox')?.[0] ?? 0;
    owl = catalog.get('night-owl')?.[0] ?? 0;
  });

  const get = (app: App, who: TestUser, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });
  const refund = (app: App, admin: TestUser, orderId: number, key?: string) =>
    app.inject({
      method: 'POST',
      url: adminApiPathTo.orderRefund(orderId),
      headers: { ...bearer(admin.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { reason: 'Customer complaint' },
    });

  /** A buyer whose order (Red Fox, 5.00 EUR; 2.00 of it from the balance) was paid by card. */
  async function paidOrder(app: App, buyer: TestUser, extra: { giftCardAmount?: number } = {}) {
    await creditBalance(ctx.database.db, buyer, 200, 'EUR');
    await placeOrder(app, buyer, orderRequest([fox], { payByBalance: true, ...extra }));
    const [order] = await ordersOf(app, buyer);
    await settleOrder(app, ctx.database.db, order?.id ?? 0, 'succeeded');
    return order?.id ?? 0;
  }

  it('finds orders by status, customer address, currency and day, newest first', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    const paid = await paidOrder(app, buyer);
    await placeOrder(app, buyer, orderRequest([owl], { currency: 'USD' }));
    const [pending] = await ordersOf(app, buyer);
    const search = async (query: string) =>
      AdminOrderListSchema.parse(
        (await get(app, admin, `${adminApiPaths.orders}?${query}`)).json(),
      );

    const mine = await search(`Email=${encodeURIComponent(buyer.email.toUpperCase())}`);
    expect(mine.orders.map((order) => order.id)).toEqual([pending?.id, paid]);
    expect(mine.total).toBe(2);
    expect(mine.orders[1]).toMatchObject({
      status: 'paid',
      currency: 'EUR',
      total: 500,
      customerEmail: buyer.email,
      itemCount: 1,
    });
    const byStatus = await search(`Email=${encodeURIComponent(buyer.email)}&Status=paid`);
    expect(byStatus.orders.map((order) => order.id)).toEqual([paid]);
    const byCurrency = await search(`Email=${encodeURIComponent(buyer.email)}&Currency=USD`);
    expect(byCurrency.orders.map((order) => order.id)).toEqual([pending?.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await search(`Email=${encodeURIComponent(buyer.email)}&From=${today}&To=${today}`)).total,
    ).toBe(2);
    expect((await search(`Email=${encodeURIComponent(buyer.email)}&To=2000-01-01`)).total).toBe(0);
    // A % typed in the search is a character, not a wildcard.
    expect((await search('Email=%25')).total).toBe(0);

    const wrong = await get(app, admin, `${adminApiPaths.orders}?Status=lost&From=yesterday`);
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json<{ errors: object }>().errors)).toEqual(
      expect.arrayContaining(['Status', 'From']),
    );
  });

  it("shows an order's items, parts, billing and payments with their events", async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    const orderId = await paidOrder(app, buyer);

    const response = await get(app, admin, adminApiPathTo.order(orderId));
    expect(response.statusCode).toBe(200);
    const detail = AdminOrderDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      id: orderId,
      status: 'paid',
      total: 500,
      paidByBalance: 200,
      paidByPayment: 300,
      customerEmail: buyer.email,
      giftCard: null,
      billing: { firstName: 'Ann', lastName: 'Lee', country: 'ES', zipCode: '28013' },
      refundedAt: null,
    });
    expect(detail.items.map((item) => item.title)).toEqual(['Red Fox']);
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ status: 'succeeded', amount: 300, currency: 'EUR' });
    expect(detail.payments[0]?.events).toEqual([
      expect.objectContaining({ type: 'succeeded', outcome: 'applied', amount: 300 }),
    ]);

    expect((await get(app, admin, adminApiPathTo.order(999_999))).statusCode).toBe(404);
    expect((await get(app, admin, `${adminApiPaths.orders}/abc`)).statusCode).toBe(400);
  });

  it("refunds a paid order's whole total to the balance once, revokes its downloads and audits it", async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    const orderId = await paidOrder(app, buyer);
    expect(await balanceOf(app, buyer, 'EUR')).toBe(0);
    const artworks = PurchasedArtworkListSchema.parse(
      (await get(app, buyer, apiPaths.artworks)).json(),
    );
    const artworkId = artworks[0]?.id ?? 0;
    expect((await get(app, buyer, apiPathTo.artworkLicence(artworkId))).statusCode).toBe(200);

    const response = await refund(app, admin, orderId);

    expect(response.statusCode).toBe(200);
    expect(AdminRefundResponseSchema.parse(response.json())).toEqual({
      orderId,
      status: 'refunded',
      currency: 'EUR',
      refundedAmount: 500,
      balanceAfter: 500,
      giftCard: 'none',
      revokedArtworks: 1,
    });
    expect(await balanceOf(app, buyer, 'EUR')).toBe(500);
    const history = LedgerHistorySchema.parse(
      (await get(app, buyer, `${apiPaths.balanceHistory}?Currency=EUR`)).json(),
    );
    expect(history.entries[0]).toMatchObject({
      kind: 'refund',
      amount: 500,
      reference: `order-refund:${orderId}`,
    });
    expect((await ordersOf(app, buyer))[0]?.status).toBe('refunded');
    expect(
      PurchasedArtworkListSchema.parse((await get(app, buyer, apiPaths.artworks)).json()),
    ).toEqual([]);
    expect((await get(app, buyer, apiPathTo.artworkLicence(artworkId))).statusCode).toBe(404);
    expect((await get(app, buyer, apiPathTo.artworkDownload(artworkId))).statusCode).toBe(404);

    const again = await refund(app, admin, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: { '': ADMIN_REFUND_MESSAGES.alreadyRefunded } });
    expect(await balanceOf(app, buyer, 'EUR')).toBe(500);

    const audit = AuditListSchema.parse(
      (await get(app, admin, `${adminApiPaths.audit}?Entity=order`)).json(),
    );
    expect(audit.entries.find((entry) => entry.entityId === String(orderId))).toMatchObject({
      action: 'order.refund',
      actorEmail: admin.email,
      before: { status: 'paid' },
      after: { status: 'refunded', refundedAmount: 500, reason: 'Customer complaint' },
    });
    const detail = AdminOrderDetailSchema.parse(
      (await get(app, admin, adminApiPathTo.order(orderId))).json(),
    );
    expect(detail).toMatchObject({ status: 'refunded', refundedAmount: 500 });
  });

  it('credits exactly once under 5 concurrent refunds', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    const orderId = await paidOrder(app, buyer);

    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(app, admin, orderId)));

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await balanceOf(app, buyer, 'EUR')).toBe(500);
    const history = LedgerHistorySchema.parse(
      (await get(app, buyer, `${apiPaths.balanceHistory}?Currency=EUR`)).json(),
    );
    expect(
      history.entries.filter((entry) => entry.reference === `order-refund:${orderId}`),
    ).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    const orderId = await paidOrder(app, buyer);
    const key = randomUUID();

    const first = await refund(app, admin, orderId, key);
    const retry = await refund(app, admin, orderId, key);

    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(app, buyer, 'EUR')).toBe(500);
  });

  it('refuses to refund an order that is not paid (409) and an unknown one (404)', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    await placeOrder(app, buyer, orderRequest([fox]));
    const [pending] = await ordersOf(app, buyer);

    const response = await refund(app, admin, pending?.id ?? 0);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: { '': ADMIN_REFUND_MESSAGES.notPaid } });
    await settleOrder(app, ctx.database.db, pending?.id ?? 0, 'failed');
    expect((await refund(app, admin, pending?.id ?? 0)).statusCode).toBe(409);
    expect((await ordersOf(app, buyer))[0]?.status).toBe('failed');
    expect((await refund(app, admin, 999_999)).statusCode).toBe(404);
    const extra = await app.inject({
      method: 'POST',
      url: adminApiPathTo.orderRefund(pending?.id ?? 0),
      headers: bearer(admin.accessToken),
      payload: { amount: 1 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('voids an unredeemed gift card of a refunded order: it can no longer be redeemed', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    const orderId = await paidOrder(app, buyer, { giftCardAmount: 1_000 });
    const code = await giftCardCodeOf(app, buyer, orderId);
    expect(code).not.toBe('');

    const response = await refund(app, admin, orderId);
    expect(AdminRefundResponseSchema.parse(response.json())).toMatchObject({
      refundedAmount: 1_500,
      giftCard: 'voided',
    });
    const friend = await signUp(app);
    const redeem = await app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      headers: bearer(friend.accessToken),
      payload: { giftCardNumber: code },
    });
    expect(redeem.statusCode).toBe(400);
    expect(await balanceOf(app, friend, 'EUR')).toBe(0);
    const detail = AdminOrderDetailSchema.parse(
      (await get(app, admin, adminApiPathTo.order(orderId))).json(),
    );
    expect(detail.giftCard).toMatchObject({ amount: 1_000, state: 'voided' });
    expect(JSON.stringify(detail)).not.toContain(code);
    // The buyer's history says so too, instead of showing the card as still unredeemed.
    expect((await ordersOf(app, buyer))[0]?.giftCards[0]).toMatchObject({
      redeemed: false,
      voided: true,
    });
  });

  it('refunds only the artworks when the gift card was redeemed already', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    const orderId = await paidOrder(app, buyer, { giftCardAmount: 1_000 });
    const code = await giftCardCodeOf(app, buyer, orderId);
    const friend = await signUp(app);
    await app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      headers: bearer(friend.accessToken),
      payload: { giftCardNumber: code },
    });
    expect(await balanceOf(app, friend, 'EUR')).toBe(1_000);

    const response = await refund(app, admin, orderId);

    expect(AdminRefundResponseSchema.parse(response.json())).toMatchObject({
      refundedAmount: 500,
      giftCard: 'keptRedeemed',
    });
    expect(await balanceOf(app, buyer, 'EUR')).toBe(500);
    expect(await balanceOf(app, friend, 'EUR')).toBe(1_000);
    const detail = AdminOrderDetailSchema.parse(
      (await get(app, admin, adminApiPathTo.order(orderId))).json(),
    );
    expect(detail.giftCard).toMatchObject({ state: 'redeemed', redeemedByEmail: friend.email });
  });
});
