import Stripe from 'stripe';
import { CurrencySchema, LOCALES } from '@pictura/contract';
import {
  disputeStageOf,
  type CreatePaymentSessionRequest,
  type DisputeEventKind,
  type GatewayEvent,
  type PaymentReversalEvent,
  type RefundRequest,
  type SessionClosing,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentGateway,
  type PaymentSession,
  type WebhookParseResult,
  type WebhookRequest,
} from './gateway.js';
import { headerValue } from './header-value.js';

/** Stripe refuses a webhook signed longer ago than this; it is also Stripe's own default. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;
// Checkout Sessions must stay open at least 30 minutes and at most 24 hours; a minute of margin on
// each side covers the time the request takes.
const MIN_SESSION_SECONDS = 30 * 60 + 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60 - 60;

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local stand-in in tests (config.stripe.apiUrl). */
  apiUrl: string;
}

/** The SDK's host, port and protocol settings from one URL. */
function connectionSettings(apiUrl: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

const stripeLocale = (locale: string): Stripe.Checkout.SessionCreateParams.Locale =>
  (LOCALES as readonly string[]).includes(locale) ? locale : 'auto';

/** Stripe's event types that settle a payment, and what they mean for it. */
function outcomeOf(
  event: Stripe.Event,
): { type: PaymentEventType; session: Stripe.Checkout.Session } | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
      // Completed but unpaid: a delayed method (bank debit) whose result comes in an async event.
      return {
        type: event.data.object.payment_status === 'paid' ? 'succeeded' : 'processing',
        session: event.data.object,
      };
    case 'checkout.session.async_payment_succeeded':
      return { type: 'succeeded', session: event.data.object };
    case 'checkout.session.async_payment_failed':
      return { type: 'failed', session: event.data.object };
    case 'checkout.session.expired':
      return { type: 'expired', session: event.data.object };
    default:
      return undefined;
  }
}

/** Our event for a Stripe one, or none when it is not about one of our payments in our currencies. */
function paymentEventOf(event: Stripe.Event): PaymentEvent | undefined {
  const outcome = outcomeOf(event);
  if (!outcome) return undefined;
  const { session, type } = outcome;
  const currency = CurrencySchema.safeParse(session.currency?.toUpperCase());
  if (!currency.success || session.amount_total === null || !session.client_reference_id) {
    return undefined;
  }
  const providerPaymentId = idOf(session.payment_intent);
  return {
    eventId: event.id,
    type,
    reference: session.client_reference_id,
    providerSessionId: session.id,
    amount: session.amount_total,
    currency: currency.data,
    ...(providerPaymentId ? { providerPaymentId } : {}),
  };
}

/** An expandable field's id, whether Stripe sent the id or the object. */
const idOf = (field: string | { id: string } | null | undefined): string | undefined =>
  typeof field === 'string' ? field : (field?.id ?? undefined);

const DISPUTE_EVENT_KINDS: Readonly<Record<string, DisputeEventKind>> = {
  'charge.dispute.created': 'created',
  'charge.dispute.updated': 'updated',
  'charge.dispute.closed': 'closed',
  'charge.dispute.funds_withdrawn': 'funds_withdrawn',
  'charge.dispute.funds_reinstated': 'funds_reinstated',
};

// Any currency code: a reversal in one the shop does not sell in is still kept for a person.
const ISO_CURRENCY = /^[A-Z]{3}$/;

/**
 * A dispute or a refund made at Stripe. Both name the PaymentIntent only; the shop
 * stored it when the Checkout Session completed. A refund carries everything refunded so far; every
 * `charge.dispute.*` event carries the Dispute, whose `status` says whether its funds were withdrawn
 * (an inquiry's never are).
 */
function reversalOf(event: Stripe.Event): PaymentReversalEvent | undefined {
  let found: Omit<PaymentReversalEvent, 'eventId' | 'providerPaymentId'> & {
    pi: string | undefined;
  };
  const disputeKind = DISPUTE_EVENT_KINDS[event.type];
  if (disputeKind !== undefined) {
    const dispute = event.data.object as Stripe.Dispute;
    const disputeStage = disputeStageOf(disputeKind, dispute.status);
    if (disputeStage === undefined) return undefined;
    found = {
      type: 'disputed',
      pi: idOf(dispute.payment_intent),
      amount: dispute.amount,
      currency: dispute.currency,
      disputeStage,
    };
  } else if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    found = {
      type: 'refunded',
      pi: idOf(charge.payment_intent),
      amount: charge.amount_refunded,
      currency: charge.currency,
    };
  } else {
    return undefined;
  }
  const currency = found.currency.toUpperCase();
  if (!ISO_CURRENCY.test(currency) || !found.pi || found.amount <= 0) return undefined;
  const { pi, ...rest } = found;
  return { ...rest, eventId: event.id, providerPaymentId: pi, currency };
}

// A delayed method's PaymentIntent in these states has given up: the bank refused the debit.
const FAILED_INTENT_STATES: readonly string[] = ['requires_payment_method', 'canceled'];

/** What a retrieved session says, or undefined while it is still open. */
function closingOf(session: Stripe.Checkout.Session): SessionClosing | undefined {
  const paymentIntent = idOf(session.payment_intent);
  const known = {
    ...(paymentIntent ? { providerPaymentId: paymentIntent } : {}),
    ...(session.amount_total === null ? {} : { amount: session.amount_total }),
    ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
  };
  if (session.payment_status === 'paid') return { state: 'paid', ...known };
  if (session.status === 'complete') {
    const intent = session.payment_intent;
    const failed =
      typeof intent === 'object' && FAILED_INTENT_STATES.includes(intent?.status ?? '');
    return { state: failed ? 'failed' : 'processing', ...known };
  }
  if (session.status === 'expired') return { state: 'closed' };
  return undefined;
}

/**
 * Stripe Checkout (docs/product/system.md): Stripe hosts the payment page and signs its webhooks.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...connectionSettings(options.apiUrl),
    // Safe to retry: every session is created under an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    // Telemetry only reports our request latencies to Stripe; we have no use for it.
    telemetry: false,
  });

  return {
    provider: 'stripe',

    async createSession(request: CreatePaymentSessionRequest): Promise<PaymentSession> {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = Math.min(
        Math.max(Math.floor(request.expiresAt.getTime() / 1000), now + MIN_SESSION_SECONDS),
        now + MAX_SESSION_SECONDS,
      );
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.reference,
          metadata: { reference: request.reference },
          customer_email: request.customer.email,
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
          expires_at: expiresAt,
          locale: stripeLocale(request.locale),
          // Off whatever the dashboard says: the charge, and so its refunds and disputes, stay in
          // the order's currency and amount, which is all the shop can take back or refund.
          adaptive_pricing: { enabled: false },
        },
        // One Checkout Session per payment, however often the call is repeated.
        { idempotencyKey: request.reference },
      );
      if (!session.url) throw new Error(`Stripe Checkout Session ${session.id} has no URL`);
      return { providerSessionId: session.id, paymentLink: session.url };
    },

    parseWebhook({ rawBody, headers }: WebhookRequest): WebhookParseResult {
      const signature = headerValue(headers, 'stripe-signature');
      if (signature === undefined) return { kind: 'invalid', reason: 'missing signature header' };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (err) {
        // The SDK's message says what failed (signature, timestamp, JSON) and holds no secret.
        return { kind: 'invalid', reason: err instanceof Error ? err.message : 'not verified' };
      }
      // Anything else signed by Stripe is recorded as ignored and answered 2xx, so Stripe stops.
      const ours: GatewayEvent = paymentEventOf(event) ??
        reversalOf(event) ?? { eventId: event.id, type: 'ignored', providerType: event.type };
      return { kind: 'events', events: [ours] };
    },

    async closeSession(providerSessionId: string): Promise<SessionClosing> {
      // The PaymentIntent's state tells a delayed debit still under way from one that failed.
      const read = () =>
        stripe.checkout.sessions.retrieve(providerSessionId, { expand: ['payment_intent'] });
      const known = closingOf(await read());
      if (known) return known;
      try {
        const expired = await stripe.checkout.sessions.expire(providerSessionId);
        return closingOf(expired) ?? { state: 'closed' };
      } catch (err) {
        // Stripe refuses to expire a session completed since it was read: read what became of it.
        const now = closingOf(await read());
        if (now) return now;
        throw err;
      }
    },

    async refund(request: RefundRequest): Promise<{ providerRefundId: string }> {
      const session = await stripe.checkout.sessions.retrieve(request.providerSessionId);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new Error(`Checkout Session ${session.id} took no payment`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: request.amount },
        { idempotencyKey: request.idempotencyKey },
      );
      return { providerRefundId: refund.id };
    },
  };
}
