import { describe, expect, it } from 'vitest';
import { LIMITS } from '@pictura/contract';
import { AMOUNT_ERRORS, checkAmount } from './amount';
import { newIdempotencyKey } from '../../lib/idempotency-key';

const deposit = (text: string) => checkAmount(text, 'EUR', LIMITS.depositMin, LIMITS.depositMax);

describe('checkAmount', () => {
  it('reads major units with a dot or a comma into minor units', () => {
    expect(deposit('50')).toEqual({ ok: true, amount: 5000 });
    expect(deposit('12,5')).toEqual({ ok: true, amount: 1250 });
    expect(deposit(' 1000.00 ')).toEqual({ ok: true, amount: 100_000 });
  });

  it('tells an unreadable amount from one outside the limits', () => {
    for (const text of ['', 'ten', '1.234', '-5', '1e3']) {
      expect(deposit(text)).toEqual({ ok: false, error: AMOUNT_ERRORS.format });
    }
    expect(deposit('4.99')).toEqual({ ok: false, error: AMOUNT_ERRORS.range });
    expect(deposit('1000.01')).toEqual({ ok: false, error: AMOUNT_ERRORS.range });
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh version 4 UUID each time, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
