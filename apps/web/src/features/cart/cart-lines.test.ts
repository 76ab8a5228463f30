import { describe, expect, it } from 'vitest';
import type { GiftCardInCart, OfferAttributeLookup } from '@pictura/contract';
import { summariseCart } from './cart-lines';

const lookup = (id: number, amount: number, currency: 'EUR' | 'USD' = 'EUR') =>
  ({
    id,
    offerId: 1,
    urlName: 'red-fox',
    title: 'Red Fox',
    kind: 'standard',
    price: { amount, currency },
    image: { width: 1, height: 1, placeholder: '', previews: [], share: '' },
  }) satisfies OfferAttributeLookup;
const card: GiftCardInCart = { offerId: -1, offerAttributeId: -1, amount: 2500, currency: 'EUR' };
const items = (...ids: number[]) => ids.map((id) => ({ attributes: { id } }));

describe('summariseCart', () => {
  it('adds the priced pictures and the gift card in minor units', () => {
    const summary = summariseCart(items(1, 2), [lookup(2, 999), lookup(1, 501)], card, 'EUR');
    expect(summary.lines.map((line) => line.attribute?.price.amount)).toEqual([501, 999]);
    expect(summary.total).toEqual({ amount: 4000, currency: 'EUR' });
    expect(summary.orderable).toEqual(items(1, 2));
    expect(summary.isEmpty).toBe(false);
  });

  it('orders only what the server still sells, and never counts another currency', () => {
    const summary = summariseCart(
      items(1, 2, 3),
      [lookup(1, 500), lookup(3, 700, 'USD')],
      null,
      'EUR',
    );
    expect(summary.lines.map((line) => line.attribute === null)).toEqual([false, true, false]);
    expect(summary.orderable).toEqual(items(1));
    expect(summary.total.amount).toBe(500);
  });

  it('is empty without items and gift card; a gift card alone can be ordered', () => {
    expect(summariseCart([], undefined, null, 'EUR').isEmpty).toBe(true);
    const giftOnly = summariseCart([], undefined, card, 'EUR');
    expect(giftOnly.isEmpty).toBe(false);
    expect(giftOnly.total.amount).toBe(2500);
  });
});
