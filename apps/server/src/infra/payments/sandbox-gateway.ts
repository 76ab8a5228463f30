import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CurrencySchema,
  MinorUnitsSchema,
  PaymentFailureReasonSchema,
  type PaymentFailureReason,
} from '@pictura/contract';
import { z } from 'zod';
import {
  disputeStageOf,
  type CreatePaymentSessionRequest,
  type DisputeEventKind,
  type GatewayEvent,
  type PaymentEventType,
  type PaymentReversalType,
  type PaymentGateway,
  type PaymentSession,
  type WebhookParseResult,
  type WebhookRequest,
} from './gateway.js';
import { headerValue } from './header-value.js';
import { sandboxPaths } from './sandbox-paths.js';
import { openToken, sealToken } from './signed-token.js';

/** `Pictura-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, like Stripe's. */
export const SANDBOX_SIGNATURE_HEADER = 'pictura-signature';
/** A webhook signed longer ago (or further ahead) than this is refused: a replay or a bad clock. */
export const SANDBOX_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The two keys of the sandbox, each derived from the server secret for its own use. */
export interface SandboxKeys {
  /** Seals session tokens in payment links, and the page's own forms. */
  readonly session: Uint8Array;
  /** Signs webhooks; the webhook route verifies with the same key. */
  readonly webhook: Uint8Array;
}

const SESSION_TOKEN_KIND = 'sandbox-session';

/**
 * What a payment link carries: the sandbox keeps no state, so the session is the signed token
 * itself. Amount and reference cannot be changed by the shopper without breaking the seal.
 */
export const SandboxSessionSchema = z.strictObject({
  reference: z.string().min(1).max(200),
  amount: MinorUnitsSchema.positive(),
  currency: CurrencySchema,
  description: z.string().max(500),
  returnUrl: z.url({ protocol: /^https?$/ }),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int(),
  providerSessionId: z.string().regex(/^sbx_[0-9a-f]{24}$/),
});
export type SandboxSession = z.infer<typeof SandboxSessionSchema>;

export const sealSandboxSession = (session: SandboxSession, keys: SandboxKeys): string =>
  sealToken(SESSION_TOKEN_KIND, SandboxSessionSchema.parse(session), keys.session);

/** The session of a token this server issued, or undefined for a forged or damaged one. */
export function openSandboxSession(token: string, keys: SandboxKeys): SandboxSession | undefined {
  const parsed = SandboxSessionSchema.safeParse(openToken(SESSION_TOKEN_KIND, token, keys.session));
  return parsed.success ? parsed.data : undefined;
}

const WEBHOOK_TYPES = {
  processing: 'payment.processing',
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  expired: 'payment.expired',
} as const satisfies Record<PaymentEventType, string>;
const EVENT_TYPE_OF = {
  'payment.processing': 'processing',
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.expired': 'expired',
} as const satisfies Record<(typeof WEBHOOK_TYPES)[PaymentEventType], PaymentEventType>;

const SandboxOutcomeBodySchema = z.object({
  id: z.string().regex(/^evt_[0-9a-zA-Z_]{1,100}$/),
  type: z.enum(['payment.processing', 'payment.succeeded', 'payment.failed', 'payment.expired']),
  data: z.object({
    reference: z.string().min(1),
    providerSessionId: z.string().min(1),
    amount: MinorUnitsSchema,
    currency: CurrencySchema,
    failureReason: PaymentFailureReasonSchema.optional(),
  }),
});

/**
 * Money given back to the payer after a success, as Stripe's `charge.refunded` and
 * `charge.dispute.*` say it: `amount` is the disputed amount, or everything refunded so far; a
 * dispute event carries the dispute's `status` in Stripe's words. `payment.disputed` is a dispute
 * whose funds were withdrawn. The sandbox's page never sends these; the back office's "simulate"
 * action and tests do.
 */
const EVENT_ID = z.string().regex(/^evt_[0-9a-zA-Z_]{1,100}$/);
const ReversalDataSchema = z.object({
  reference: z.string().min(1),
  amount: MinorUnitsSchema.positive(),
  // Any ISO 4217 code, as a provider may send one the shop does not sell in.
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.string().max(100).optional(),
});
const SANDBOX_DISPUTE_TYPES = {
  'payment.disputed': 'funds_withdrawn',
  'payment.dispute.created': 'created',
  'payment.dispute.updated': 'updated',
  'payment.dispute.closed': 'closed',
  'payment.dispute.funds_withdrawn': 'funds_withdrawn',
  'payment.dispute.funds_reinstated': 'funds_reinstated',
} as const satisfies Record<string, DisputeEventKind>;
type SandboxDisputeType = keyof typeof SANDBOX_DISPUTE_TYPES;
const SandboxReversalBodySchema = z.object({
  id: EVENT_ID,
  type: z.enum(['payment.refunded', ...Object.keys(SANDBOX_DISPUTE_TYPES)] as [
    'payment.refunded',
    ...SandboxDisputeType[],
  ]),
  data: ReversalDataSchema,
});

export const SandboxWebhookBodySchema = z.union([
  SandboxOutcomeBodySchema,
  SandboxReversalBodySchema,
]);
export type SandboxWebhookBody = z.infer<typeof SandboxOutcomeBodySchema>;
export type SandboxReversalBody = z.infer<typeof SandboxReversalBodySchema>;

/** The body of a sandbox provider refund, or a dispute whose funds were withdrawn. */
export function sandboxReversalBody(
  eventId: string,
  type: PaymentReversalType,
  data: SandboxReversalBody['data'],
): SandboxReversalBody {
  return { id: eventId, type: `payment.${type}`, data };
}

/** The body of a sandbox dispute event, named and shaped as Stripe's (`status` in its words). */
export function sandboxDisputeBody(
  eventId: string,
  kind: DisputeEventKind,
  data: SandboxReversalBody['data'],
): SandboxReversalBody {
  return { id: eventId, type: `payment.dispute.${kind}`, data };
}

const isReversalBody = (
  body: z.infer<typeof SandboxWebhookBodySchema>,
): body is SandboxReversalBody =>
  body.type === 'payment.refunded' || body.type in SANDBOX_DISPUTE_TYPES;

/** The event a verified body says; an unknown dispute status is recorded as ignored. */
function eventOf(body: z.infer<typeof SandboxWebhookBodySchema>): GatewayEvent {
  if (!isReversalBody(body)) {
    return { eventId: body.id, type: EVENT_TYPE_OF[body.type], ...body.data };
  }
  const { status, ...data } = body.data;
  if (body.type === 'payment.refunded') return { eventId: body.id, type: 'refunded', ...data };
  const disputeStage = disputeStageOf(SANDBOX_DISPUTE_TYPES[body.type], status);
  if (disputeStage === undefined) {
    return { eventId: body.id, type: 'ignored', providerType: body.type };
  }
  return { eventId: body.id, type: 'disputed', ...data, disputeStage };
}

/**
 * The webhook body for one outcome of a session. Its event id is derived from the session and the
 * outcome, so a form sent twice, a retried delivery or an expired link opened again all repeat the
 * same event, which the receiver recognises as a replay.
 */
export function sandboxWebhookBody(
  session: SandboxSession,
  type: PaymentEventType,
  keys: SandboxKeys,
  failureReason?: PaymentFailureReason,
): SandboxWebhookBody {
  const id = createHmac('sha256', keys.session)
    .update(`event.${session.providerSessionId}.${type}`)
    .digest('hex')
    .slice(0, 32);
  return {
    id: `evt_${id}`,
    type: WEBHOOK_TYPES[type],
    data: {
      reference: session.reference,
      providerSessionId: session.providerSessionId,
      amount: session.amount,
      currency: session.currency,
      ...(failureReason ? { failureReason } : {}),
    },
  };
}

const signatureOf = (timestamp: number, rawBody: string | Buffer, key: Uint8Array): Buffer =>
  createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest();

/** The `Pictura-Signature` header value for a webhook body sent at `now`. */
export function signSandboxWebhook(body: string, key: Uint8Array, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${signatureOf(timestamp, body, key).toString('hex')}`;
}

/** `t` and every `v1` of a signature header; other schemes are ignored, as Stripe does. */
function parseSignatureHeader(header: string): { timestamp: number; signatures: Buffer[] } | null {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value = '', ...rest] = part.trim().split('=');
    if (rest.length > 0) return null;
    if (name === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (name === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return null;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  return timestamp === undefined || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Any signed event: an id and a type. */
const SignedEventSchema = z.object({ id: EVENT_ID, type: z.string().min(1).max(100) });

const invalid = (reason: string): WebhookParseResult => ({ kind: 'invalid', reason });

/** Verifies a sandbox webhook (signature, then freshness) and reads its one event. */
export function parseSandboxWebhook(
  { rawBody, headers }: WebhookRequest,
  key: Uint8Array,
  now: Date = new Date(),
): WebhookParseResult {
  const header = headerValue(headers, SANDBOX_SIGNATURE_HEADER);
  if (header === undefined) return invalid('missing signature header');
  const parsed = parseSignatureHeader(header);
  if (!parsed) return invalid('malformed signature header');
  const age = Math.floor(now.getTime() / 1000) - parsed.timestamp;
  if (Math.abs(age) > SANDBOX_WEBHOOK_TOLERANCE_SECONDS) {
    return invalid('timestamp outside the tolerance');
  }
  const expected = signatureOf(parsed.timestamp, rawBody, key);
  if (!parsed.signatures.some((signature) => timingSafeEqual(signature, expected))) {
    return invalid('signature mismatch');
  }

  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return invalid('body is not JSON');
  }
  const body = SandboxWebhookBodySchema.safeParse(json);
  if (body.success) return { kind: 'events', events: [eventOf(body.data)] };
  // Signed by us but of a type (or shape) the shop does not act on: recorded and answered 2xx.
  const other = SignedEventSchema.safeParse(json);
  if (!other.success) return invalid('body is not a sandbox event');
  return {
    kind: 'events',
    events: [{ eventId: other.data.id, type: 'ignored', providerType: other.data.type }],
  };
}

export interface SandboxGatewayOptions {
  keys: SandboxKeys;
}

/**
 * The built-in payment provider (docs/product/system.md): a hosted page of this server, no state.
 * The page is served on the origin of the return URL (the shop's address the shopper is using): its
 * forms redirect there, which the CSP's `form-action 'self'` allows only on the same origin.
 */
export function createSandboxGateway({ keys }: SandboxGatewayOptions): PaymentGateway {
  return {
    provider: 'sandbox',

    async createSession(request: CreatePaymentSessionRequest): Promise<PaymentSession> {
      const session: SandboxSession = {
        reference: request.reference,
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        returnUrl: request.returnUrl,
        expiresAt: request.expiresAt.getTime(),
        providerSessionId: `sbx_${randomBytes(12).toString('hex')}`,
      };
      const query = new URLSearchParams({ session: sealSandboxSession(session, keys) });
      return {
        providerSessionId: session.providerSessionId,
        paymentLink: `${new URL(request.returnUrl).origin}${sandboxPaths.pay}?${query}`,
      };
    },

    parseWebhook: (request) => parseSandboxWebhook(request, keys.webhook),

    // Its page refuses a session past its deadline, and the shop asks only after that: closed.
    closeSession: async () => ({ state: 'closed' }),

    // No money moved, so a refund only needs an id: the same for the same key, as at Stripe.
    async refund({ idempotencyKey }) {
      const id = createHmac('sha256', keys.session)
        .update(`refund.${idempotencyKey}`)
        .digest('hex');
      return { providerRefundId: `sbx_re_${id.slice(0, 24)}` };
    },
  };
}
