import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isCartItem, isGiftCardInCart, LIMITS } from './cart.js';
import {
  CartItemSchema,
  DepositRequestSchema,
  GiftCardInCartSchema,
  OrderRequestSchema,
} from './checkout.js';

const issuesOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
const pathsOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

/** A copy of `value` without `keys`, to test a missing field. */
const omit = (value: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

const billing = {
  firstName: 'Ann',
  lastName: 'Lee',
  country: 'ES',
  city: 'Madrid',
  address1: 'Calle Mayor 1',
  state: 'Madrid',
  zipCode: '28013',
  agreedToPP_TOS: true,
};
const browserInfo = {
  javascriptEnabled: true,
  acceptLanguage: 'es-ES,es;q=0.9',
  screenWidth: 1920,
  screenHeight: 1080,
  timeZone: 'Europe/Madrid',
  userAgent: 'Mozilla/5.0',
};
const order = {
  ...billing,
  cartItems: [{ attributes: { id: 7 } }, { attributes: { id: 8 } }],
  giftCardAmount: 0,
  currency: 'EUR',
  payByBalance: false,
  ...browserInfo,
};
const deposit = { ...billing, depositAmount: 2500, currency: 'USD', ...browserInfo };

describe('isCartItem and isGiftCardInCart, the checks without zod', () => {
  it('agree with CartItemSchema', () => {
    const candidates: unknown[] = [
      { attributes: { id: 1 } },
      { attributes: { id: 2_147_483_647 } },
      { attributes: { id: 2_147_483_648 } },
      { attributes: { id: 0 } },
      { attributes: { id: 1.5 } },
      { attributes: { id: '1' } },
      { attributes: { id: 1, extra: true } },
      { attributes: { id: 1 }, extra: true },
      { attributes: {} },
      { attributes: null },
      {},
      [],
      null,
      'cart',
    ];
    for (const value of candidates) {
      expect(isCartItem(value)).toBe(CartItemSchema.safeParse(value).success);
    }
  });

  it('agree with GiftCardInCartSchema', () => {
    const card = { offerId: -1, offerAttributeId: -1, amount: 2500, currency: 'EUR' };
    const candidates: unknown[] = [
      card,
      { ...card, currency: 'USD' },
      { ...card, amount: LIMITS.giftCardMin },
      { ...card, amount: LIMITS.giftCardMax },
      { ...card, amount: LIMITS.giftCardMin - 1 },
      { ...card, amount: LIMITS.giftCardMax + 1 },
      { ...card, amount: 2500.5 },
      { ...card, amount: '2500' },
      { ...card, currency: 'GBP' },
      { ...card, offerId: 1 },
      { ...card, offerAttributeId: 1 },
      { ...card, extra: true },
      omit(card, 'currency'),
      null,
      [],
    ];
    for (const value of candidates) {
      expect(isGiftCardInCart(value)).toBe(GiftCardInCartSchema.safeParse(value).success);
    }
  });
});

describe('LIMITS: amounts in minor units, the same for EUR and USD', () => {
  it('are deposit 5.00 to 1000.00, gift card 5.00 to 500.00, 50 cart items', () => {
    expect(LIMITS).toEqual({
      depositMin: 500,
      depositMax: 100_000,
      giftCardMin: 500,
      giftCardMax: 50_000,
      cartItemsMax: 50,
    });
  });
});

describe('CartItemSchema (docs/product/browser.md#cart-and-gift-card)', () => {
  it('is an attributes object holding an id', () => {
    expect(CartItemSchema.parse({ attributes: { id: 3 } })).toEqual({ attributes: { id: 3 } });
  });

  it.each([
    [{ attributes: null }, 'attributes'],
    [{ attributes: { id: 0 } }, 'attributes.id'],
    [{ attributes: { id: -1 } }, 'attributes.id'],
    [{ attributes: { id: 1.5 } }, 'attributes.id'],
    [{ attributes: { id: '3' } }, 'attributes.id'],
    [{ attributes: {} }, 'attributes.id'],
    [{ attributes: { id: 3, price: 1 } }, 'attributes'],
    [{ attributes: { id: 3 }, quantity: 2 }, ''],
  ])('refuses %j at %j', (item, path) => {
    expect(pathsOf(CartItemSchema.safeParse(item))).toEqual([path]);
  });

  it('refuses a bare id without the attributes object', () => {
    const result = CartItemSchema.safeParse({ id: 3 });
    expect(issuesOf(result)).toEqual([
      'attributes: Invalid input: expected object, received undefined',
      ': Unrecognized key: "id"',
    ]);
  });
});

describe('GiftCardInCartSchema (docs/product/browser.md#cart-and-gift-card)', () => {
  const giftCard = { offerId: -1, offerAttributeId: -1, amount: 2000, currency: 'EUR' };

  it('accepts a gift card with the fixed -1 ids', () => {
    expect(GiftCardInCartSchema.parse(giftCard)).toEqual(giftCard);
  });

  it('refuses other ids', () => {
    const result = GiftCardInCartSchema.safeParse({
      ...giftCard,
      offerId: 1,
      offerAttributeId: '-1',
    });
    expect(pathsOf(result)).toEqual(['offerId', 'offerAttributeId']);
  });

  it('accepts amounts from 500 to 50000 minor units and refuses others', () => {
    for (const amount of [500, 50_000]) {
      expect(GiftCardInCartSchema.safeParse({ ...giftCard, amount }).success).toBe(true);
    }
    for (const amount of [0, 499, 50_001, 1000.5]) {
      expect(pathsOf(GiftCardInCartSchema.safeParse({ ...giftCard, amount }))).toEqual(['amount']);
    }
  });

  it('refuses an unknown currency and extra keys', () => {
    expect(pathsOf(GiftCardInCartSchema.safeParse({ ...giftCard, currency: 'eur' }))).toEqual([
      'currency',
    ]);
    expect(GiftCardInCartSchema.safeParse({ ...giftCard, message: 'hi' }).success).toBe(false);
  });
});

describe('OrderRequestSchema (docs/product/api.md#request-fields)', () => {
  it('accepts billing, cart and browser info as flat fields', () => {
    expect(OrderRequestSchema.parse(order)).toEqual(order);
  });

  it('trims text fields, upper-cases the country and allows no state', () => {
    const parsed = OrderRequestSchema.parse({
      ...omit(order, 'state'),
      firstName: ' Ann ',
      country: 'es',
    });
    expect(parsed.firstName).toBe('Ann');
    expect(parsed.country).toBe('ES');
    expect(parsed.state).toBeUndefined();
  });

  it('requires agreedToPP_TOS to be true', () => {
    for (const agreedToPP_TOS of [false, undefined, 'true']) {
      expect(issuesOf(OrderRequestSchema.safeParse({ ...order, agreedToPP_TOS }))).toEqual([
        'agreedToPP_TOS: You must agree to the privacy policy and the terms',
      ]);
    }
  });

  it('refuses a price or any other extra field, at the top and in items', () => {
    const withPrice = OrderRequestSchema.safeParse({ ...order, price: 1 });
    expect(withPrice.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['price'], path: [] }),
    ]);
    const itemPrice = { ...order, cartItems: [{ attributes: { id: 7, price: 1 } }] };
    expect(pathsOf(OrderRequestSchema.safeParse(itemPrice))).toEqual(['cartItems.0.attributes']);
  });

  it('refuses browser info nested instead of flat', () => {
    const nested = {
      ...omit(order, 'javascriptEnabled'),
      browserInfo: { javascriptEnabled: true },
    };
    const result = OrderRequestSchema.safeParse(nested);
    expect(pathsOf(result).sort()).toEqual(['', 'javascriptEnabled']);
  });

  it('refuses an empty cart without a gift card', () => {
    expect(issuesOf(OrderRequestSchema.safeParse({ ...order, cartItems: [] }))).toEqual([
      'cartItems: The cart is empty',
    ]);
  });

  it('accepts a gift card alone, and a gift card with items', () => {
    expect(
      OrderRequestSchema.safeParse({ ...order, cartItems: [], giftCardAmount: 500 }).success,
    ).toBe(true);
    expect(OrderRequestSchema.safeParse({ ...order, giftCardAmount: 50_000 }).success).toBe(true);
  });

  it('refuses a gift card amount below 500 other than 0, and above 50000', () => {
    for (const giftCardAmount of [1, 499]) {
      expect(issuesOf(OrderRequestSchema.safeParse({ ...order, giftCardAmount }))).toEqual([
        'giftCardAmount: A gift card is at least 500 minor units',
      ]);
    }
    for (const giftCardAmount of [-1, 50_001, 600.5]) {
      const paths = pathsOf(OrderRequestSchema.safeParse({ ...order, giftCardAmount }));
      expect(new Set(paths)).toEqual(new Set(['giftCardAmount']));
    }
  });

  it('accepts 50 cart items and refuses 51', () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ attributes: { id: i + 1 } }));
    expect(OrderRequestSchema.safeParse({ ...order, cartItems: items(50) }).success).toBe(true);
    expect(pathsOf(OrderRequestSchema.safeParse({ ...order, cartItems: items(51) }))).toEqual([
      'cartItems',
    ]);
  });

  it('refuses bad browser info', () => {
    const result = OrderRequestSchema.safeParse({
      ...order,
      javascriptEnabled: 'yes',
      acceptLanguage: 'x'.repeat(257),
      screenWidth: -1,
      screenHeight: 1080.5,
      timeZone: 't'.repeat(65),
      userAgent: 'u'.repeat(513),
    });
    expect(pathsOf(result)).toEqual([
      'javascriptEnabled',
      'acceptLanguage',
      'screenWidth',
      'screenHeight',
      'timeZone',
      'userAgent',
    ]);
  });

  it('refuses missing order fields and an unknown currency', () => {
    const rest = omit(order, 'payByBalance', 'giftCardAmount');
    expect(pathsOf(OrderRequestSchema.safeParse({ ...rest, currency: 'GBP' }))).toEqual([
      'giftCardAmount',
      'currency',
      'payByBalance',
    ]);
  });
});

describe('DepositRequestSchema (docs/product/api.md#request-fields)', () => {
  it('accepts billing, amount, currency and browser info as flat fields', () => {
    expect(DepositRequestSchema.parse(deposit)).toEqual(deposit);
  });

  it('accepts 500 to 100000 minor units', () => {
    for (const depositAmount of [500, 100_000]) {
      expect(DepositRequestSchema.safeParse({ ...deposit, depositAmount }).success).toBe(true);
    }
  });

  it.each([0, 499, 100_001, 1000.5, -500])('refuses a deposit of %d', (depositAmount) => {
    expect(pathsOf(DepositRequestSchema.safeParse({ ...deposit, depositAmount }))).toEqual([
      'depositAmount',
    ]);
  });

  it('requires the agreement and refuses order fields', () => {
    expect(pathsOf(DepositRequestSchema.safeParse({ ...deposit, agreedToPP_TOS: false }))).toEqual([
      'agreedToPP_TOS',
    ]);
    const result = DepositRequestSchema.safeParse({
      ...deposit,
      payByBalance: true,
      cartItems: [],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['payByBalance', 'cartItems'] }),
    ]);
  });

  it('refuses missing billing fields', () => {
    const result = DepositRequestSchema.safeParse(omit(deposit, 'city', 'zipCode'));
    expect(pathsOf(result)).toEqual(['city', 'zipCode']);
  });
});
