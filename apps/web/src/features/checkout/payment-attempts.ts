import { attemptJson } from '@pictura/contract';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { browserStorage, type KeyValueStorage } from '../../lib/storage';

/**
 * One `Idempotency-Key` per payment attempt. An attempt is one request as sent (the call, the cart
 * or amount, the billing details, the currency): sending it again (a double click, a retry after a
 * network error, a submit after reloading the page) sends the same key, so the server answers the
 * first request's outcome instead of placing a second order. The key is kept in session storage
 * (this tab, across reloads) until the attempt ends; a changed cart or form is another attempt.
 */

export const PAYMENT_ATTEMPT_STORAGE_KEY = 'paymentAttempt';

interface StoredAttempt {
  /** `fingerprintOf` the request, so no name or address is kept in storage. */
  request: string;
  key: string;
}

/**
 * A 64-bit FNV-1a hash of the request's JSON, in hex. Not a secret: it only tells one request from
 * another. Two requests with the same hash (about one in 2^64) would share a key and the second
 * would get the server's 409 for a reused key, never the first one's payment.
 */
export function fingerprintOf(request: unknown): string {
  // Without the screen size (a phone turned between tries), as the server compares it.
  const text = attemptJson(request);
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * Whether `error` is the server's final word on the attempt, so that sending the same request again
 * is a new attempt: a 400 (the request as it is was refused and nothing was made). Without an answer
 * (network failure), or with a 5xx, 409 or any other status, the first request may have placed the
 * order, and only its key can find out.
 */
export const endsAttempt = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 400;

export function createPaymentAttempts(storage: KeyValueStorage) {
  const read = (): StoredAttempt | null => {
    try {
      const stored = JSON.parse(storage.getItem(PAYMENT_ATTEMPT_STORAGE_KEY) ?? 'null') as unknown;
      if (
        typeof stored === 'object' &&
        stored !== null &&
        'request' in stored &&
        'key' in stored &&
        typeof stored.request === 'string' &&
        typeof stored.key === 'string'
      ) {
        return { request: stored.request, key: stored.key };
      }
    } catch {
      // Unreadable: as if nothing were stored.
    }
    return null;
  };

  return {
    /** The key of the attempt sending `request`: the stored one for the same request, else a new one. */
    keyFor(request: unknown): string {
      const fingerprint = fingerprintOf(request);
      const stored = read();
      if (stored?.request === fingerprint) return stored.key;
      const attempt: StoredAttempt = { request: fingerprint, key: newIdempotencyKey() };
      storage.setItem(PAYMENT_ATTEMPT_STORAGE_KEY, JSON.stringify(attempt));
      return attempt.key;
    },
    /** The attempt using `key` has ended (paid, or refused as it is): the next submit is a new one. */
    end(key: string): void {
      if (read()?.key === key) storage.removeItem(PAYMENT_ATTEMPT_STORAGE_KEY);
    },
  };
}

export type PaymentAttempts = ReturnType<typeof createPaymentAttempts>;

export const paymentAttempts: PaymentAttempts = createPaymentAttempts(
  browserStorage('sessionStorage'),
);
