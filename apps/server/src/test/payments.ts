// Money for integration tests: deposits through the API, the sandbox provider's signed
// webhooks, and the ledger's sums read back. Other modules' tests (orders, gift cards) use these to
// give a user a balance and to settle their payments as the provider would.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import {
  apiPaths,
  apiPathTo,
  BalanceResponseSchema,
  CurrencySchema,
  PaymentLinkResponseSchema,
  type Currency,
  type DepositRequest,
} from '@pictura/contract';
import type { App } from '../app.js';
import type { Db } from '../infra/db/index.js';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxDisputeBody,
  sandboxKeys,
  sandboxReversalBody,
  signSandboxWebhook,
  type DisputeEventKind,
  type PaymentEventType,
  type PaymentReversalType,
} from '../infra/payments/index.js';
import { bearer, randomIp, type TestUser } from './accounts.js';
import { testConfig } from './app.js';
import { TEST_PAYER } from './order-request.js';

/** The sandbox keys of an app built with the test config (its fixed JWT_SECRET). */
export function testSandboxKeys() {
  const secret = testConfig().jwtSecret;
  if (!secret) throw new Error('the test config must set JWT_SECRET');
  return sandboxKeys(secret);
}

/** The user id inside an access token (its `sub`), for looking at that user's rows. */
export const userIdOf = (user: Pick<TestUser, 'accessToken'>): string =>
  z.uuid().parse(decodeJwt(user.accessToken).sub);

/** A valid deposit request body; override any field. */
export function depositRequest(overrides: Partial<DepositRequest> = {}): DepositRequest {
  return {
    ...TEST_PAYER,
    depositAmount: 2_000,
    currency: 'EUR',
    ...overrides,
  };
}

/** POST /api/balance/deposit as `user`, with an optional Idempotency-Key. */
export const postDeposit = (
  app: App,
  user: Pick<TestUser, 'accessToken'>,
  body: object,
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: apiPaths.balanceDeposit,
    remoteAddress: randomIp(),
    headers: {
      ...bearer(user.accessToken),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload: body,
  });

/** What a sandbox payment link says about its payment (the sealed session, read without a key). */
export interface SandboxLinkPayment {
  paymentId: string;
  providerSessionId: string;
  amount: number;
  currency: Currency;
}

const LinkSessionSchema = z.object({
  reference: z.uuid(),
  providerSessionId: z.string(),
  amount: z.number().int(),
  currency: CurrencySchema,
});

/** Reads the payment behind a sandbox payment link (`...?session=<payload>.<mac>`). */
export function paymentOfLink(paymentLink: string): SandboxLinkPayment {
  const token = new URL(paymentLink).searchParams.get('session') ?? '';
  const [payload = ''] = token.split('.');
  const session = LinkSessionSchema.parse(
    JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
  );
  return {
    paymentId: session.reference,
    providerSessionId: session.providerSessionId,
    amount: session.amount,
    currency: session.currency,
  };
}

/** Starts a deposit through the API and answers its link and payment; throws unless it is a 200. */
export async function startDeposit(
  app: App,
  user: Pick<TestUser, 'accessToken'>,
  amount: number,
  currency: Currency,
): Promise<SandboxLinkPayment & { paymentLink: string }> {
  const response = await postDeposit(
    app,
    user,
    depositRequest({ depositAmount: amount, currency }),
  );
  if (response.statusCode !== 200) {
    throw new Error(`deposit failed with ${response.statusCode}: ${response.body}`);
  }
  const { paymentLink } = PaymentLinkResponseSchema.parse(response.json());
  return { paymentLink, ...paymentOfLink(paymentLink) };
}

/** One sandbox webhook event; what is left out comes from nowhere (give what the test is about). */
export interface SandboxEvent {
  /** The provider's event id (`evt_...`); a fresh one unless given. */
  id?: string;
  type: PaymentEventType;
  paymentId: string;
  providerSessionId?: string;
  amount: number;
  currency: string;
}

export const newEventId = (): string => `evt_${randomBytes(12).toString('hex')}`;

/** The raw body and headers of a webhook as the sandbox provider would send it at `now`. */
export function signedSandboxWebhook(
  event: SandboxEvent,
  options: { now?: Date; key?: Uint8Array } = {},
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: event.id ?? newEventId(),
    type: `payment.${event.type}`,
    data: {
      reference: event.paymentId,
      providerSessionId: event.providerSessionId ?? `sbx_${randomBytes(12).toString('hex')}`,
      amount: event.amount,
      currency: event.currency,
    },
  });
  const signature = signSandboxWebhook(body, options.key ?? testSandboxKeys().webhook, options.now);
  return {
    body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  };
}

/** POSTs a raw webhook body to the sandbox webhook route, as the provider does. */
export const postSandboxWebhook = (
  app: App,
  webhook: { body: string; headers: Record<string, string> },
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: apiPathTo.paymentsWebhook('sandbox'),
    remoteAddress: randomIp(),
    headers: webhook.headers,
    payload: webhook.body,
  });

/** Signs and delivers one event; see `signedSandboxWebhook` for the options. */
export const deliverSandboxEvent = (
  app: App,
  event: SandboxEvent,
  options: { now?: Date; key?: Uint8Array } = {},
): Promise<LightMyRequestResponse> => postSandboxWebhook(app, signedSandboxWebhook(event, options));

/**
 * A dispute or a refund made at the provider, delivered as the sandbox signs it:
 * `amount` is the disputed amount, or everything refunded so far.
 */
export function deliverSandboxReversal(
  app: App,
  event: {
    type: PaymentReversalType;
    paymentId: string;
    amount: number;
    /** Any ISO 4217 code: a provider may send one the shop does not sell in. */
    currency: string;
    id?: string;
  },
): Promise<LightMyRequestResponse> {
  const body = JSON.stringify(
    sandboxReversalBody(event.id ?? newEventId(), event.type, {
      reference: event.paymentId,
      amount: event.amount,
      currency: event.currency,
    }),
  );
  const signature = signSandboxWebhook(body, testSandboxKeys().webhook);
  return postSandboxWebhook(app, {
    body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  });
}

/** Signs a body with the test app's sandbox key and delivers it. */
function deliverSignedBody(app: App, body: object): Promise<LightMyRequestResponse> {
  const raw = JSON.stringify(body);
  return postSandboxWebhook(app, {
    body: raw,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(raw, testSandboxKeys().webhook),
    },
  });
}

/**
 * A dispute event as the sandbox signs it, named and shaped as Stripe's `charge.dispute.<kind>`:
 * `status` is the Dispute's, in Stripe's words (`warning_needs_response`, `needs_response`,
 * `won`, `lost`, ...). Give the same `id` to replay it.
 */
export const deliverSandboxDispute = (
  app: App,
  event: {
    kind: DisputeEventKind;
    status?: string;
    paymentId: string;
    amount: number;
    /** Any ISO 4217 code: a provider may send one the shop does not sell in. */
    currency: string;
    id?: string;
  },
): Promise<LightMyRequestResponse> =>
  deliverSignedBody(
    app,
    sandboxDisputeBody(event.id ?? newEventId(), event.kind, {
      reference: event.paymentId,
      amount: event.amount,
      currency: event.currency,
      ...(event.status === undefined ? {} : { status: event.status }),
    }),
  );

/** Any signed body (an event type the shop does not know, say). */
export const deliverSandboxBody = deliverSignedBody;

/** The user's balance through POST /api/balance. */
export async function balanceOfUser(
  app: App,
  user: Pick<TestUser, 'accessToken'>,
  currency: Currency,
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.balance,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    payload: { currency },
  });
  if (response.statusCode !== 200) {
    throw new Error(`balance failed with ${response.statusCode}: ${response.body}`);
  }
  return BalanceResponseSchema.parse(response.json()).amount;
}

/**
 * Gives `user` a balance as a shopper would get one: a deposit, paid (a succeeded webhook). The
 * amount must be within the deposit limits. Answers the deposit's payment id.
 */
export async function fundBalance(
  app: App,
  user: Pick<TestUser, 'accessToken'>,
  amount: number,
  currency: Currency,
): Promise<string> {
  const deposit = await startDeposit(app, user, amount, currency);
  const response = await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });
  if (response.statusCode !== 200) {
    throw new Error(`deposit webhook failed with ${response.statusCode}: ${response.body}`);
  }
  return deposit.paymentId;
}

/** One balance row against its ledger entries. */
export interface LedgerSum {
  userId: string;
  currency: Currency;
  balance: number;
  /** The sum of the entries' amounts. */
  entriesSum: number;
  entries: number;
  /** The lowest balance any entry left behind. */
  lowestBalanceAfter: number;
  /** The newest entry's balance after it; equals `balance` when the ledger is consistent. */
  lastBalanceAfter: number;
}

const LedgerSumRowSchema = z.object({
  user_id: z.string(),
  currency: CurrencySchema,
  balance: z.coerce.number(),
  entries_sum: z.coerce.number(),
  entries: z.coerce.number(),
  lowest_balance_after: z.coerce.number(),
  last_balance_after: z.coerce.number(),
});

/**
 * Every balance next to its ledger (read-only SQL across the ledger's tables: this is the check
 * of its invariants, so it reads the stored rows rather than trusting the code under test).
 * Pass `userIds` to look at some users only.
 */
export async function ledgerSums(db: Db, userIds?: readonly string[]): Promise<LedgerSum[]> {
  const filter =
    userIds === undefined
      ? sql``
      : sql`where b.user_id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    select b.user_id, b.currency, b.amount as balance,
      coalesce(sum(e.amount), 0) as entries_sum,
      count(e.id) as entries,
      coalesce(min(e.balance_after), 0) as lowest_balance_after,
      coalesce((array_agg(e.balance_after order by e.id desc))[1], 0) as last_balance_after
    from balances b
    left join ledger_entries e on e.user_id = b.user_id and e.currency = b.currency
    ${filter}
    group by b.user_id, b.currency, b.amount
    order by b.user_id, b.currency`);
  return z
    .array(LedgerSumRowSchema)
    .parse(result.rows)
    .map((row) => ({
      userId: row.user_id,
      currency: row.currency,
      balance: row.balance,
      entriesSum: row.entries_sum,
      entries: row.entries,
      lowestBalanceAfter: row.lowest_balance_after,
      lastBalanceAfter: row.last_balance_after,
    }));
}
