import type { AppConfig } from '../../config.js';
import { deriveKey } from '../secret.js';
import type { PaymentGateway } from './gateway.js';
import { createSandboxGateway, type SandboxKeys } from './sandbox-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

export type {
  BrowserInfo,
  CreatePaymentSessionRequest,
  DisputeEventKind,
  GatewayEvent,
  IgnoredEvent,
  PaymentCustomer,
  PaymentEvent,
  PaymentEventType,
  PaymentGateway,
  PaymentReversalEvent,
  PaymentReversalType,
  PaymentSession,
  RefundRequest,
  SessionClosing,
  WebhookParseResult,
  WebhookRequest,
} from './gateway.js';
export { disputeStageOf, isIgnored, isReversal } from './gateway.js';
export {
  createSandboxGateway,
  parseSandboxWebhook,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_WEBHOOK_TOLERANCE_SECONDS,
  sandboxDisputeBody,
  sandboxReversalBody,
  signSandboxWebhook,
  type SandboxKeys,
} from './sandbox-gateway.js';
export { SANDBOX_TEST_CARDS } from './sandbox-cards.js';
export {
  sandboxPaymentPages,
  type DeliverWebhook,
  type SandboxPaymentPagesOptions,
} from './sandbox-page.js';
export { sandboxPaths } from './sandbox-paths.js';
export { createStripeGateway, STRIPE_WEBHOOK_TOLERANCE_SECONDS } from './stripe-gateway.js';

/** The sandbox's keys, each derived from the server secret for its one use. */
export const sandboxKeys = (secret: string): SandboxKeys => ({
  session: deriveKey(secret, 'sandbox-session'),
  webhook: deriveKey(secret, 'sandbox-webhook'),
});

/** The payment provider the configuration asks for: the sandbox unless PAYMENT_PROVIDER=stripe. */
export function createPaymentGateway(
  config: Pick<AppConfig, 'paymentProvider' | 'stripe'>,
  secret: string,
): PaymentGateway {
  if (config.paymentProvider === 'stripe') {
    // loadConfig refuses PAYMENT_PROVIDER=stripe without the keys; this keeps the types honest.
    if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs the STRIPE_* settings');
    return createStripeGateway(config.stripe);
  }
  return createSandboxGateway({ keys: sandboxKeys(secret) });
}
