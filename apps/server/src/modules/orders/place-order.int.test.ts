// POST /api/orders: prices from the database, a snapshot kept, the balance first.
import { beforeAll, expect, it } from 'vitest';
import { apiPaths, ORDER_MESSAGES, ORDER_PAYMENT_WINDOW_MINUTES } from '@pictura/contract';
import { seedTestCatalog } from '../../test/catalog.js';
import { describeEachEngine, signUp } from '../../test/index.js';
import {
  balanceOf,
  creditBalance,
  ledgerCheck,
  orderRequest,
  ordersOf,
  paymentOfOrder,
  postOrder,
} from '../../test/orders.js';

const SANDBOX_LINK = /^http:\/\/localhost:\d+\/api\/payments\/sandbox\//;

describeEachEngine('placing an order', (ctx) => {
  let ids: Map<string, number[]>;
  const variant = (urlName: string, kind: 'standard' | 'full') => {
    const found = ids.get(urlName)?.[kind === 'standard' ? 0 : 1];
    if (found === undefined) throw new Error(`no test offer ${urlName}`);
    return found;
  };

  beforeAll(async () => {
    ids = await seedTestCatalog(ctx.database.db);
  });

  it('prices the cart from the catalog in the chosen currency and keeps a snapshot', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const before = Date.now();

    const response = await postOrder(
      app,
      user,
      orderRequest([variant('red-fox', 'standard'), variant('night-owl', 'full')], {
        currency: 'USD',
        giftCardAmount: 2_000,
      }),
    );

    expect(response.statusCode).toBe(200);
    const { paymentLink } = response.json<{ paymentLink: string }>();
    expect(paymentLink).toMatch(SANDBOX_LINK);
    const [order] = await ordersOf(app, user);
    expect(order).toMatchObject({
      status: 'pending',
      currency: 'USD',
      // Red Fox standard 6.00 + Night Owl full 24.00 + a 20.00 gift card.
      total: 5_000,
      paidByBalance: 0,
      paidByPayment: 5_000,
      paymentLink,
      items: [
        {
          offerAttributeId: variant('red-fox', 'standard'),
          urlName: 'red-fox',
          title: 'Red Fox',
          kind: 'standard',
          price: { amount: 600, currency: 'USD' },
        },
        {
          offerAttributeId: variant('night-owl', 'full'),
          urlName: 'night-owl',
          title: 'Night Owl',
          kind: 'full',
          price: { amount: 2_400, currency: 'USD' },
        },
      ],
      giftCards: [
        {
          amount: { amount: 2_000, currency: 'USD' },
          codeHint: null,
          redeemed: false,
          voided: false,
        },
      ],
    });
    const expiresIn = Date.parse(order?.expiresAt ?? '') - before;
    expect(expiresIn).toBeGreaterThanOrEqual(ORDER_PAYMENT_WINDOW_MINUTES * 60_000 - 1_000);
    expect(expiresIn).toBeLessThanOrEqual(ORDER_PAYMENT_WINDOW_MINUTES * 60_000 + 60_000);
    const payment = await paymentOfOrder(ctx.database.db, order?.id ?? 0);
    expect(payment).toMatchObject({ amount: 5_000, currency: 'USD', status: 'pending' });
  });

  it('refuses a price, or any unknown key, in the body: 400 and nothing written', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const fox = variant('red-fox', 'standard');

    const pricedItem = await postOrder(app, user, {
      ...orderRequest([]),
      cartItems: [{ attributes: { id: fox, price: 1 } }],
    });
    const pricedOrder = await postOrder(app, user, { ...orderRequest([fox]), price: 1 });
    const totalled = await postOrder(app, user, { ...orderRequest([fox]), total: 1 });
    const notAgreed = await postOrder(app, user, { ...orderRequest([fox]), agreedToPP_TOS: false });

    expect(pricedItem.statusCode).toBe(400);
    expect(pricedOrder.statusCode).toBe(400);
    expect(totalled.statusCode).toBe(400);
    expect(notAgreed.json()).toEqual({ errors: { agreedToPP_TOS: expect.any(String) } });
    expect(await ordersOf(app, user)).toEqual([]);
  });

  it('refuses unknown, unpublished and repeated variants by their cart position', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 5_000, 'EUR');
    const fox = variant('red-fox', 'standard');

    const response = await postOrder(
      app,
      user,
      orderRequest([fox, 999_999, variant('hidden-fox', 'standard'), fox], { payByBalance: true }),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        'cartItems.1': ORDER_MESSAGES.itemUnavailable,
        'cartItems.2': ORDER_MESSAGES.itemUnavailable,
        'cartItems.3': ORDER_MESSAGES.itemTwice,
      },
    });
    expect(await ordersOf(app, user)).toEqual([]);
    expect(await balanceOf(app, user, 'EUR')).toBe(5_000);
  });

  it('refuses a variant the user already owns on its cart position, and sells its other variant', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 5_000, 'EUR');
    const [standard, full] = [variant('red-fox', 'standard'), variant('red-fox', 'full')];
    const bought = await postOrder(app, user, orderRequest([standard], { payByBalance: true }));
    expect(bought.statusCode).toBe(200);

    const again = await postOrder(
      app,
      user,
      orderRequest([full, standard], { payByBalance: true }),
    );
    const otherVariant = await postOrder(app, user, orderRequest([full], { payByBalance: true }));

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { 'cartItems.1': ORDER_MESSAGES.itemOwned } });
    expect(otherVariant.statusCode).toBe(200);
    const orders = await ordersOf(app, user);
    expect(orders.map(({ status }) => status)).toEqual(['paid', 'paid']);
    expect(await balanceOf(app, user, 'EUR')).toBe(5_000 - 500 - 1_500);
  });

  it('refuses an empty cart and a gift card below the minimum', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const empty = await postOrder(app, user, orderRequest([]));
    const tinyCard = await postOrder(app, user, orderRequest([], { giftCardAmount: 100 }));

    expect(empty.json()).toEqual({ errors: { cartItems: expect.any(String) } });
    expect(tinyCard.json()).toEqual({ errors: { giftCardAmount: expect.any(String) } });
  });

  it('lets the balance pay an order it covers at once: paid, and the link leads to the result page', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 1_000, 'EUR');

    const response = await postOrder(
      app,
      user,
      orderRequest([variant('red-fox', 'standard')], { payByBalance: true }),
    );

    const [order] = await ordersOf(app, user);
    expect(response.json()).toEqual({
      paymentLink: `http://localhost:3000/payment-result?order=${order?.id}`,
    });
    expect(order).toMatchObject({
      status: 'paid',
      total: 500,
      paidByBalance: 500,
      paidByPayment: 0,
      paymentLink: null,
      expiresAt: null,
    });
    expect(await balanceOf(app, user, 'EUR')).toBe(500);
  });

  it('lets the balance pay what it can and leaves the rest to the payment link', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 300, 'EUR');

    const response = await postOrder(
      app,
      user,
      orderRequest([variant('neon-comet', 'standard'), variant('red-fox', 'standard')], {
        payByBalance: true,
      }),
    );

    expect(response.json<{ paymentLink: string }>().paymentLink).toMatch(SANDBOX_LINK);
    const [order] = await ordersOf(app, user);
    expect(order).toMatchObject({
      status: 'pending',
      total: 800,
      paidByBalance: 300,
      paidByPayment: 500,
    });
    expect(await paymentOfOrder(ctx.database.db, order?.id ?? 0)).toMatchObject({ amount: 500 });
    expect(await ledgerCheck(ctx.database.db, user, 'EUR')).toMatchObject({
      balance: 0,
      entriesSum: 0,
      kinds: ['deposit', 'order'],
    });
  });

  it('does not touch the balance without payByBalance, nor the balance of another currency', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 5_000, 'EUR');
    await creditBalance(ctx.database.db, user, 5_000, 'USD');

    await postOrder(app, user, orderRequest([variant('red-fox', 'standard')]));
    await postOrder(
      app,
      user,
      orderRequest([variant('red-fox', 'full')], { currency: 'USD', payByBalance: true }),
    );

    expect(await balanceOf(app, user, 'EUR')).toBe(5_000);
    expect(await balanceOf(app, user, 'USD')).toBe(5_000 - 1_800);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, moving nothing again', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 300, 'EUR');
    const body = orderRequest([variant('blue-whale', 'standard')], { payByBalance: true });

    const first = await postOrder(app, user, body, 'order-key-1');
    const retry = await postOrder(app, user, body, 'order-key-1');
    const reused = await postOrder(app, user, { ...body, payByBalance: false }, 'order-key-1');

    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(reused.statusCode).toBe(409);
    expect(await ordersOf(app, user)).toHaveLength(1);
    expect(await balanceOf(app, user, 'EUR')).toBe(0);
  });

  it('answers 401 when signed out and lists only my own orders', async () => {
    const app = await ctx.buildApp();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    await postOrder(app, owner, orderRequest([variant('red-fox', 'standard')]));

    const signedOut = await app.inject({
      method: 'POST',
      url: apiPaths.orders,
      payload: orderRequest([variant('red-fox', 'standard')]),
    });
    const listSignedOut = await app.inject({ method: 'GET', url: apiPaths.orders });

    expect(signedOut.statusCode).toBe(401);
    expect(listSignedOut.statusCode).toBe(401);
    expect(await ordersOf(app, stranger)).toEqual([]);
    expect(await ordersOf(app, owner)).toHaveLength(1);
  });

  it('lists my orders newest first', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await postOrder(app, user, orderRequest([variant('red-fox', 'standard')]));
    await postOrder(app, user, orderRequest([variant('night-owl', 'standard')]));
    await postOrder(app, user, orderRequest([], { giftCardAmount: 1_000 }));

    const orders = await ordersOf(app, user);

    expect(orders.map((order) => order.items[0]?.urlName ?? 'gift card')).toEqual([
      'gift card',
      'night-owl',
      'red-fox',
    ]);
  });
});
