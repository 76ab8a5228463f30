import { PaymentLinkResponseSchema } from '@pictura/contract';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';

/** What every call that starts a payment sends and expects: its attempt's key, a payment link. */
export const paymentLinkOptions = (idempotencyKey: string) => ({
  schema: PaymentLinkResponseSchema,
  headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
});
