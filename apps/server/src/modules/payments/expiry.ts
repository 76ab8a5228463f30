import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './service.js';

export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/**
 * Settles overdue pending payments once a minute, in every API process, asks the provider about
 * processing payments whose outcome is overdue (sweep.ts), and retries the refunds of
 * late payments a provider outage held up: each payment is locked and re-checked before it is
 * settled, so processes sweeping together settle it once (a refund carries its idempotency key). (A job queue can
 * take this over; docs/product/system.md.)
 */
export function startPaymentExpiry(
  payments: PaymentsService,
  log: FastifyBaseLogger,
  intervalMs: number = EXPIRY_SWEEP_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = payments
      .expireOverdue()
      .then(async (count) => {
        if (count > 0) log.info({ count }, 'Settled overdue payments');
        const reconciled = await payments.reconcileProcessing();
        if (reconciled > 0) log.info({ count: reconciled }, 'Settled processing payments');
        const refunded = await payments.retryLateRefunds();
        if (refunded > 0) log.info({ count: refunded }, 'Refunded late payments');
      })
      .catch((err: unknown) => log.error({ err }, 'Payment expiry sweep failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
