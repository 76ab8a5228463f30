/**
 * A fresh key, sent as `Idempotency-Key`: the api client retries a call after a token refresh with
 * the same options, and the server answers a repeated key with the first answer, so one click never
 * pays twice (checkout keeps one key per payment attempt: features/checkout/payment-attempts.ts). crypto.randomUUID exists only in secure contexts (HTTPS,
 * localhost); elsewhere a version 4 UUID is made from getRandomValues, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
