// Idempotency-Key support for the endpoints that move money (issue 5, point 5).
export {
  createIdempotency,
  IDEMPOTENCY_ABANDONED_MS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_TTL_MS,
  type Idempotency,
} from './idempotency.js';
export { idempotencyKeys } from './schema.js';
