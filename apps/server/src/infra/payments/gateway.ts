import type {
  Currency,
  DisputeStage,
  PaymentFailureReason,
  PaymentProvider,
} from '@pictura/contract';

/** Who pays, as the provider's page shows it and its fraud checks use it. */
export interface PaymentCustomer {
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  city: string;
  address1: string;
  state?: string | undefined;
  zipCode: string;
}

/**
 * The browser info (docs/product/api.md#request-fields), passed on for the provider's 3-D Secure
 * risk checks.
 */
export interface BrowserInfo {
  javascriptEnabled: boolean;
  acceptLanguage: string;
  screenWidth: number;
  screenHeight: number;
  timeZone: string;
  userAgent: string;
}

export interface CreatePaymentSessionRequest {
  /** Our payment's id (a UUID): the reference the provider echoes back in its events. */
  reference: string;
  amount: number;
  currency: Currency;
  /** Shown on the provider's page, e.g. "Pictura order 12". */
  description: string;
  customer: PaymentCustomer;
  browser: BrowserInfo;
  /** Where the provider sends the shopper afterwards, whatever the outcome. */
  returnUrl: string;
  /** When the provider should stop taking the payment. */
  expiresAt: Date;
  /** Shopper's language for the provider's page. */
  locale: string;
}

export interface PaymentSession {
  /** The provider's id of the session (Stripe's `cs_...`). */
  providerSessionId: string;
  /** Where the shopper pays. */
  paymentLink: string;
}

/**
 * `processing`: the shopper completed the page with a delayed method (SEPA Debit, ACH, bank
 * transfer); `succeeded` or `failed` follows, days later.
 */
export type PaymentEventType = 'processing' | 'succeeded' | 'failed' | 'expired';

/** One thing a provider told us in a webhook, already verified. */
export interface PaymentEvent {
  /** The provider's event id: a replay carries the same one. */
  eventId: string;
  type: PaymentEventType;
  /** Our payment id, as given in `CreatePaymentSessionRequest.reference`. */
  reference: string;
  providerSessionId: string;
  amount: number;
  currency: Currency;
  /** Why a `failed` payment failed, when the provider says (shown to the shopper). */
  failureReason?: PaymentFailureReason;
  /**
   * The provider's id of the money movement behind the session (Stripe's PaymentIntent `pi_...`),
   * once paid: its later disputes and refunds name only this, so the shop keeps it.
   */
  providerPaymentId?: string;
}

/**
 * Money the provider gave back to the payer after a success, or gave back to the shop: `disputed`
 * (a dispute at one of its stages: Stripe `charge.dispute.*`) or `refunded` (a refund made at the
 * provider; Stripe `charge.refunded`, full or partial).
 */
export type PaymentReversalType = 'disputed' | 'refunded';

/** What a dispute event says of its stage, by the event's kind and the dispute's `status`. */
export type DisputeEventKind =
  'created' | 'updated' | 'closed' | 'funds_withdrawn' | 'funds_reinstated';

// Stripe's Dispute statuses. An inquiry (`warning_*`) and a prevented dispute withdraw nothing; every
// other open or lost status means the funds were withdrawn (an appeal too); `won` gives them back.
const STAGE_OF_STATUS: Readonly<Record<string, DisputeStage>> = {
  warning_needs_response: 'inquiry',
  warning_under_review: 'inquiry',
  warning_closed: 'inquiry',
  prevented: 'inquiry',
  needs_response: 'withdrawn',
  under_review: 'withdrawn',
  lost: 'withdrawn',
  appeal_needs_response: 'withdrawn',
  appeal_under_review: 'withdrawn',
  won: 'reinstated',
};

/**
 * The stage a dispute event puts the dispute in; undefined for a status the shop does not know
 * (the event is recorded and nothing moves). `funds_withdrawn` and `funds_reinstated` say it
 * whatever the status.
 */
export function disputeStageOf(
  kind: DisputeEventKind,
  status: string | undefined,
): DisputeStage | undefined {
  if (kind === 'funds_withdrawn') return 'withdrawn';
  if (kind === 'funds_reinstated') return 'reinstated';
  return status === undefined ? undefined : STAGE_OF_STATUS[status];
}

export interface PaymentReversalEvent {
  eventId: string;
  type: PaymentReversalType;
  /** Our payment id when the provider echoes it (the sandbox); Stripe names only its PaymentIntent. */
  reference?: string;
  providerPaymentId?: string;
  /**
   * `disputed`: the amount disputed. `refunded`: everything refunded on the payment so
   * far (Stripe's `amount_refunded`), so a partial refund's replay or a later one counts once.
   */
  amount: number;
  /**
   * ISO 4217, upper case, as the provider sent it: any currency, so that one other than the
   * payment's is kept for a person rather than dropped.
   */
  currency: string;
  /** `disputed` only: where the dispute stands; only `withdrawn` takes money back. */
  disputeStage?: DisputeStage;
}

/**
 * A verified event the shop does not act on (another type, or a dispute status it does not know):
 * recorded, answered 2xx so the provider stops sending it.
 */
export interface IgnoredEvent {
  eventId: string;
  type: 'ignored';
  /** The provider's own type, as recorded. */
  providerType: string;
}

export type GatewayEvent = PaymentEvent | PaymentReversalEvent | IgnoredEvent;

export const isReversal = (event: GatewayEvent): event is PaymentReversalEvent =>
  event.type === 'disputed' || event.type === 'refunded';
export const isIgnored = (event: GatewayEvent): event is IgnoredEvent => event.type === 'ignored';

export interface WebhookRequest {
  /** The body exactly as received: signatures are over these bytes. */
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** The result of parsing a webhook: a bad signature or stale timestamp is `invalid` (answer 400). */
export type WebhookParseResult =
  { kind: 'events'; events: GatewayEvent[] } | { kind: 'invalid'; reason: string };

/**
 * What the provider says of a session the shop is about to give up on, or of a delayed payment whose
 * outcome never arrived: `paid` (the webhook was lost or is late), `processing` (a delayed method is
 * still under way), `failed` (the delayed method's money never came) or `closed` (nobody can pay it
 * any more, so the shop may expire it); with the provider's id of the money that moved, when any
 * did, so that a later dispute or refund, which names only that id, finds the payment; and what the
 * session is for, so the shop settles only the amount and currency it asked for.
 */
export interface SessionClosing {
  state: 'paid' | 'processing' | 'failed' | 'closed';
  providerPaymentId?: string;
  /** The session's amount and currency (upper case) as the provider has them, when it says. */
  amount?: number;
  currency?: string;
}

export interface RefundRequest {
  providerSessionId: string;
  amount: number;
  currency: Currency;
  /** The same key gives the same refund, however often the call is repeated. */
  idempotencyKey: string;
}

/**
 * A payment service provider (docs/product/system.md): the sandbox by default, Stripe in
 * production.
 */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  createSession(request: CreatePaymentSessionRequest): Promise<PaymentSession>;
  parseWebhook(request: WebhookRequest): WebhookParseResult;
  /**
   * Asks whether the session was paid and, when it was not and nobody has completed it, closes it
   * for good. A completed session with a delayed method is only read (`processing` or its outcome).
   */
  closeSession(providerSessionId: string): Promise<SessionClosing>;
  /** Gives money a session took back to the shopper's card or account; answers the refund's id. */
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
}
