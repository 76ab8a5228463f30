// Idempotency-Key support for the endpoints that move money.
export {
  createIdempotency,
  createRecordingIdempotency,
  IDEMPOTENCY_ABANDONED_MS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_RECORDED_LEASE_MS,
  type Idempotency,
  type RecordingIdempotency,
} from './idempotency.js';
export { idempotencyKeys } from './schema.js';
