import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createMemoryStorage } from '../../lib/storage';
import {
  createPaymentAttempts,
  endsAttempt,
  fingerprintOf,
  PAYMENT_ATTEMPT_STORAGE_KEY,
} from './payment-attempts';

const order = (ids: number[]) => ({
  order: { cartItems: ids.map((id) => ({ attributes: { id } })), firstName: 'Ada' },
});

describe('payment attempts', () => {
  it('gives the same request the same key, also after the page is loaded again', () => {
    const storage = createMemoryStorage();
    const first = createPaymentAttempts(storage).keyFor(order([11]));
    const again = createPaymentAttempts(storage).keyFor(order([11]));

    expect(again).toBe(first);
  });

  it('gives a changed request a new key, and a new key once the attempt has ended', () => {
    const attempts = createPaymentAttempts(createMemoryStorage());
    const first = attempts.keyFor(order([11]));
    const changedCart = attempts.keyFor(order([11, 21]));
    attempts.end(changedCart);
    const afterSuccess = attempts.keyFor(order([11, 21]));

    expect(changedCart).not.toBe(first);
    expect(afterSuccess).not.toBe(changedCart);
  });

  it('does not end a newer attempt when an older one ends late', () => {
    const attempts = createPaymentAttempts(createMemoryStorage());
    const older = attempts.keyFor(order([11]));
    const newer = attempts.keyFor(order([21]));
    attempts.end(older);

    expect(attempts.keyFor(order([21]))).toBe(newer);
  });

  it('keeps no name or address in storage, and reads an unreadable entry as none', () => {
    const storage = createMemoryStorage();
    const attempts = createPaymentAttempts(storage);
    attempts.keyFor(order([11]));
    expect(storage.getItem(PAYMENT_ATTEMPT_STORAGE_KEY)).not.toContain('Ada');

    storage.setItem(PAYMENT_ATTEMPT_STORAGE_KEY, '{not json');
    expect(attempts.keyFor(order([11]))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the attempt when only the screen turned', () => {
    const attempts = createPaymentAttempts(createMemoryStorage());
    const request = (screenWidth: number, screenHeight: number) => ({
      order: { ...order([11]).order, screenWidth, screenHeight, timeZone: 'Europe/Madrid' },
    });
    const upright = attempts.keyFor(request(390, 844));

    expect(attempts.keyFor(request(844, 390))).toBe(upright);
    expect(fingerprintOf({ deposit: { depositAmount: 500, screenWidth: 390 } })).toBe(
      fingerprintOf({ deposit: { depositAmount: 500, screenWidth: 844 } }),
    );
  });

  it('tells requests apart by every field but the screen size', () => {
    expect(fingerprintOf(order([11]))).toBe(fingerprintOf(order([11])));
    expect(fingerprintOf(order([11]))).not.toBe(fingerprintOf(order([12])));
    expect(fingerprintOf({ deposit: { depositAmount: 500 } })).not.toBe(
      fingerprintOf({ deposit: { depositAmount: 501 } }),
    );
  });

  it('ends an attempt on a 400 only: a lost answer, a 5xx or a 409 may hide a placed order', () => {
    expect(endsAttempt(new ApiError('validationFailed', 'Validation failed', 400))).toBe(true);
    expect(endsAttempt(new ApiError('generic', 'An error has occurred.', null))).toBe(false);
    expect(endsAttempt(new ApiError('unexpectedServerError', 'x', 503))).toBe(false);
    expect(endsAttempt(new ApiError('unexpectedServerError', 'x', 409))).toBe(false);
    expect(endsAttempt(new TypeError('Failed to fetch'))).toBe(false);
  });
});
